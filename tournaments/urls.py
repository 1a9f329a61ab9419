"""Pages of a club's tournaments."""

from django.urls import path

from tournaments import views

app_name = "tournaments"

EVENT = "clubs/<slug:slug>/tournaments/<int:pk>/"

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", views.event_list, name="event_list"),
    path("clubs/<slug:slug>/tournaments/new/", views.event_create, name="event_create"),
    path(EVENT, views.event_detail, name="event"),
    path(EVENT + "board/", views.board, name="board"),
    path(EVENT + "entrants/", views.entrant_add, name="entrant_add"),
    path(EVENT + "entrants/<int:number>/check-in/", views.entrant_check_in, name="check_in"),
    path(EVENT + "entrants/<int:number>/drop/", views.entrant_drop, name="drop"),
    path(EVENT + "rounds/draw/", views.round_draw, name="round_draw"),
    path(EVENT + "rounds/<int:number>/start/", views.round_start, name="round_start"),
    path(EVENT + "rounds/<int:number>/end/", views.round_end, name="round_end"),
    path(EVENT + "rounds/<int:number>/slips.pdf", views.slips, name="slips"),
    path(EVENT + "rounds/<int:number>/blank.pdf", views.blank_sheets, name="blank_sheets"),
    path(EVENT + "rounds/cut/", views.cut_make, name="cut"),
    path(EVENT + "final-table/", views.final_table_fix, name="final_table"),
    path(EVENT + "seats/<int:seat>/substitute/", views.seat_substitute, name="substitute"),
    path(EVENT + "penalties/", views.penalty_add, name="penalty_add"),
    path(EVENT + "entrants/<int:number>/ema/", views.entrant_ema, name="entrant_ema"),
    path(EVENT + "ema-results.csv", views.ema_csv, name="ema_csv"),
    path(EVENT + "apart/", views.event_apart, name="apart"),
    path(EVENT + "rounds.csv", views.rounds_download, {"kind": "csv"}, name="rounds_csv"),
    path(EVENT + "rounds.json", views.rounds_download, {"kind": "json"}, name="rounds_json"),
    path(EVENT + "schedules.pdf", views.schedule_pdf, name="schedules"),
    path(EVENT + "standing.pdf", views.standing_pdf, name="standing_pdf"),
]
