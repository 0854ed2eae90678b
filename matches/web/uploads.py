"""The one form that takes a file: a saved game's import. Every other request keeps the site's
RefuseFiles handler; this view swaps in a handler that keeps one small file in memory (never on
disk), so a file larger than `limit` is read no further and refused by its size."""

import io

from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler, StopFutureHandlers

from matches.web.middleware import FileRefused


class OneSmallFile(FileUploadHandler):
    def __init__(self, field, limit, request=None):
        super().__init__(request)
        self.field, self.limit, self.taken = field, limit, False

    def new_file(self, field_name, *args, **kwargs):
        if field_name != self.field or self.taken:
            raise FileRefused("This form takes one file.")
        super().new_file(field_name, *args, **kwargs)
        self.taken, self.buffer, self.size = True, io.BytesIO(), 0
        raise StopFutureHandlers()

    def receive_data_chunk(self, raw_data, start):
        self.size += len(raw_data)
        if self.size <= self.limit + 1:  # past the limit only its size is counted, for the refusal
            self.buffer.write(raw_data[: self.limit + 1 - self.buffer.tell()])
        return None

    def file_complete(self, file_size):
        self.buffer.seek(0)
        return InMemoryUploadedFile(
            self.buffer,
            self.field_name,
            self.file_name,
            self.content_type,
            self.size,
            self.charset,
            self.content_type_extra,
        )
