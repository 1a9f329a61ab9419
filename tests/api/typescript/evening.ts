// A client's script, type-checked against the types openapi-typescript generates from the
// schema (tests/api/test_typescript_types.py): what it sends and what it reads.
import type { components, paths } from "./schema";

type Schemas = components["schemas"];
type Json<P extends keyof paths, M extends keyof paths[P], S extends number> =
  paths[P][M] extends { responses: { [K in S]: { content: { "application/json": infer T } } } }
    ? T
    : never;

// The login asks for a username and a password, and nothing the server fills in.
const login: Schemas["TokenLoginRequest"] = { username: "alice", password: "secret" };
type Token = Json<"/api/auth/token/", "post", 200>;
const header = (token: Token): string => `Token ${token.token}`;

// A hand, as the game record spells it.
const ron: Schemas["HandSubmissionRequest"] = {
  result: "ron",
  from: 3,
  wins: [{ seat: 2, han: 2, fu: 30 }],
  expected_number: 1,
};
type HandWrite = Json<"/api/games/{id}/hands/", "post", 201>;
const deltas = (answer: HandWrite): number[] => answer.result.deltas;

// A stale hand number is a typed 409 with where the game stands.
type Stale = Json<"/api/games/{id}/hands/", "post", 409>;
const handsNow = (answer: Stale): number => answer.state.hand_count;

// The record, the standings, the presets and their options: all typed.
type GameRecord = Json<"/api/games/{id}/record/", "get", 200>;
const names = (record: GameRecord): string[] | undefined => record.players;
const firstResult = (record: GameRecord): Schemas["ResultEnum"] => record.hands[0].result;
type Standings = Json<"/api/leagues/{id}/standings/", "get", 200>;
const leader = (table: Standings): string => table.rows[0].player;
type Presets = Json<"/api/presets/", "get", 200>;
const choices = (presets: Presets): string[] =>
  presets.flatMap((p) => p.options.flatMap((o) => (o.choices ?? []).map((c) => c.label)));

// One error body everywhere, with its code, message and field.
type Refusal = Json<"/api/games/", "post", 400>;
const where = (e: Refusal): string => `${e.error.code}: ${e.error.message} (${e.error.field ?? "-"})`;
type Unauthorised = Json<"/api/games/{id}/", "get", 401>;
const code = (e: Unauthorised): string => e.error.code;

// The types are strict: each of these is an error, and tsc fails if one is not.
// @ts-expect-error: the token is the server's answer, never asked of the caller
const sendsToken: Schemas["TokenLoginRequest"] = { username: "a", password: "b", token: "c" };
// @ts-expect-error: han is a number
const hanInWords: Schemas["WinRequest"] = { seat: 2, han: "two" };
// @ts-expect-error: the record's hands are typed, not any
const handsAsText: string = ({} as GameRecord).hands;
// @ts-expect-error: an error body always has a code
const noCode: Schemas["ErrorBody"] = { message: "m" };

export { sendsToken, hanInWords, handsAsText, noCode };
export { login, header, ron, deltas, handsNow, names, firstResult, leader, choices, where, code };
