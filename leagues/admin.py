from django.contrib import admin

from leagues.models import League, Season


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "aggregate", "min_games", "drop_worst")
    list_filter = ("aggregate", "club")
    search_fields = ("name", "slug")
    inlines = [SeasonInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "starts", "ends")
    list_filter = ("league",)
