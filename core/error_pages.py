"""Error answers: the site's own pages, except under /api/, where a client reading JSON gets
the API's one error shape, ``{"error": {"code", "message"}}``, for addresses that match no
endpoint (a slug with a space, /api/nothing/) and for errors raised outside DRF's views."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views import defaults

API_PREFIX = "/api/"


def _api_error(status: int, code: str, message: str) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message}}, status=status)


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _api_error(400, "bad_request", gettext("The request could not be read."))
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        message = str(exception) or gettext("You do not have permission to do this.")
        return _api_error(403, "permission_denied", message)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _api_error(
            404, "not_found", gettext("No API endpoint at %(path)s.") % {"path": request.path_info}
        )
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        message = gettext("Something went wrong on the server; nothing was saved.")
        return _api_error(500, "server_error", message)
    return defaults.server_error(request)
