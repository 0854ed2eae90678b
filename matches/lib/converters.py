"""`<id:...>` in URLs: a database id, at most 18 digits, so that a number past what the database
stores (2^63 and up) is a plain 404 instead of an overflow inside the query."""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(IdConverter, "id")
