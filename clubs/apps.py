from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        from accounts.gates import register_signup_pass
        from clubs.manage_views import signup_pass, signup_redeem

        # Where open sign-up is closed, a visitor who opened an invitation may still sign up,
        # and joins with it as the account is made (so a link for one person makes one).
        register_signup_pass(signup_pass, redeem=signup_redeem)
