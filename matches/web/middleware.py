"""Site-wide guards: the Content Security Policy header, and bodies no form of ours sends."""

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler
from django.http import HttpResponse
from django.http.multipartparser import MultiPartParserError


class ContentSecurityPolicyMiddleware:
    """Every response carries settings.CONTENT_SECURITY_POLICY: no inline script or style runs,
    so injected markup could not act even if some escaping failed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response


def refuse_unreadable_bodies(get_response):
    """Bodies no form of this site sends are refused here, unread, with a plain answer:
    - multipart larger than any form of ours (only a saved game's import takes a file; elsewhere a
      small multipart body with a file in it is refused by RefuseFiles below, before anything is
      written to disk);
    - a form body that declares a charset other than UTF-8: Django refuses to parse it, and its
      own error page then tries to parse it again for the CSRF check and fails with a 500."""

    def middleware(request):
        if request.content_type.startswith("multipart/") and _length(request) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            return _refused(413, "That is more than any form here takes; nothing was recorded.")
        charset = request.content_params.get("charset", "utf-8").strip().lower()
        if request.content_type == "application/x-www-form-urlencoded" and charset not in ("utf-8", "utf8"):
            return _refused(400, "Forms must be sent as UTF-8; nothing was recorded.")
        return get_response(request)

    return middleware


def _refused(status, text):
    return HttpResponse(text + "\n", status=status, content_type="text/plain; charset=utf-8")


def _length(request):
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class FileRefused(MultiPartParserError):
    """Django answers a MultiPartParserError with a 400 and never parses the body again."""


class RefuseFiles(FileUploadHandler):
    """The upload handler of every request (settings.FILE_UPLOAD_HANDLERS): a file part ends the
    request. The one exception is a saved game's import, whose view sets its own (uploads.py)."""

    def new_file(self, *args, **kwargs):
        raise FileRefused("This site takes no file uploads.")

    def receive_data_chunk(self, raw_data, start):
        return raw_data

    def file_complete(self, file_size):
        return None
