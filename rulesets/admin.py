from django.contrib import admin

from rulesets.models import RuleSet, RuleSetVersion


class RuleSetVersionInline(admin.TabularInline):
    """Versions are written by the services only; the admin shows them."""

    model = RuleSetVersion
    fk_name = "ruleset"
    extra = 0
    can_delete = False
    fields = ("number", "options", "template_version", "created_by", "created")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "template_preset", "template_ruleset", "updated")
    list_filter = ("club",)
    search_fields = ("name", "club__name")
    # Rules change through the site's form or the API, which validate them and add a version.
    readonly_fields = ("template_preset", "template_ruleset", "options", "created_by")
    inlines = [RuleSetVersionInline]
