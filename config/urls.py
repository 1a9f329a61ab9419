from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import set_language

urlpatterns = [
    path("", include("clubs.urls")),
    path("", include("accounts.urls")),
    path("", include("scoring.urls")),
    path("", include("clubhouse.sheet_urls")),
    path("", include("clubhouse.leagues.urls")),
    path("", include("rulesets.urls")),
    path("", include("tournaments.urls")),
    path("api/", include("config.api_urls")),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    # Django's LogoutView accepts POST only, so logging out needs the CSRF token.
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    # The language switcher posts here; it sets the language cookie and goes back.
    path("language/", set_language, name="set_language"),
]

# Under /api/ these answer JSON in the API's error shape; elsewhere Django's pages.
handler400 = "core.error_pages.bad_request"
handler403 = "core.error_pages.permission_denied"
handler404 = "core.error_pages.page_not_found"
handler500 = "core.error_pages.server_error"
