#!/usr/bin/env python3
"""An edit to one game of a 10,000-game file, answered by `pdnkit lsp`, against a whole
`pdnkit -j 1 validate` of the same file, measured in the same run.

Builds the file from the corpus as `convert --to pdn` writes it (games taken in turn until
there are 10,000), times `validate -j 1` on it, then opens it in the language server over a
pipe and times each edit of a move in the game in the middle: from sending the change to
receiving the diagnostics published for it, parsed. The server's own count of checked games
must grow by one per edit. Validate and a batch of edits take turns, 7 times; the target: the
median of the rounds' ratios (median edit / validate) at most a tenth. The time until the
publish starts to arrive (the server's part, before the client reads and parses it) is shown
beside it.

What the client's part is made of, timed in the same rounds: parsing the last publish alone
(the bytes already read), and parsing the least a publish of the file's diagnostics (those
sent on opening) can carry and stay equal to validate's: each diagnostic with its range, its
severity (else the client chooses one) and its code, the message (required) empty, no source,
no related information. That is the floor of every publish: the protocol sends a document's
diagnostics whole, in pull mode (`textDocument/diagnostic`) as well, whose partial results
carry other documents' reports only. After the rounds, the
same two bodies are parsed by Node's `JSON.parse` (VS Code's) and Neovim's `vim.json.decode`
when those are installed.

Usage: benches/lsp_edit.py [PDNKIT] [GAMES] [EDITS] [FORM] [NOTES]
  PDNKIT  the binary (default target/release/pdnkit; build it with cargo build --release)
  GAMES   games in the file (default 10000)
  EDITS   edits timed after each of 7 validate runs (default 10)
  FORM    canonical (default: the games as convert writes them, exactly GAMES of them) or raw
          (the corpus files as they are, faults and all, repeated to at least GAMES games)
  NOTES   notes (default: the server's default, notes published as validate lists them) or
          no-notes (the setting `notes: false`: errors and warnings only)
The corpus is $PDNKIT_CORPUS, else ../shared/corpus next to this repository.
"""

import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = pathlib.Path(__file__).resolve().parent.parent
pdnkit = sys.argv[1] if len(sys.argv) > 1 else str(here / "target/release/pdnkit")
wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
edits = int(sys.argv[3]) if len(sys.argv) > 3 else 10
form = sys.argv[4] if len(sys.argv) > 4 else "canonical"
notes = (sys.argv[5] if len(sys.argv) > 5 else "notes") != "no-notes"
rounds = 7
corpus = pathlib.Path(os.environ.get("PDNKIT_CORPUS", here.parent / "shared/corpus"))


def build_archive(path):
    files = sorted(p for p in corpus.rglob("*.pdn") if "derived" not in p.parts)
    if form == "raw":
        return build_raw(path, files)
    out = subprocess.run(
        [pdnkit, "convert", "-q", "--to", "pdn", *map(str, files)],
        capture_output=True, text=True,
    ).stdout
    # Games are separated by a blank line, and each of those written here has tags.
    games = [g.strip() + "\n" for g in out.replace("\n\n[", "\n\n\0[").split("\n\n\0")]
    chosen = [games[i % len(games)] for i in range(wanted)]
    pathlib.Path(path).write_text("\n".join(chosen))
    return "\n".join(chosen)


def build_raw(path, files):
    """The corpus files as they are (with their faults), one after the other, again and again
    until the file holds at least `wanted` games."""
    one = "".join(f.read_text(encoding="utf-8", errors="replace") + "\n\n" for f in files)
    pathlib.Path(path).write_text(one)
    out = subprocess.run([pdnkit, "validate", "--format", "json", path], capture_output=True)
    per_pass = out.stdout.count(b"\n")
    text = one * -(-wanted // per_pass)
    pathlib.Path(path).write_text(text)
    return text


def time_validate(path, runs=3):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([pdnkit, "-j", "1", "-q", "validate", path], capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class Server:
    def __init__(self):
        self.proc = subprocess.Popen(
            [pdnkit, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def receive(self):
        length = None
        self.arrived = None
        while True:
            line = self.proc.stdout.readline()
            if self.arrived is None:
                self.arrived = time.perf_counter()
            if not line:
                raise SystemExit("the server closed its output")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        self.body = self.proc.stdout.read(length)
        return json.loads(self.body)

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            m = self.receive()
            if m.get("id") == self.next_id and "method" not in m:
                return m.get("result")

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self):
        while True:
            m = self.receive()
            if m.get("method") == "textDocument/publishDiagnostics":
                return m["params"]["diagnostics"]


def floor_body(diagnostics):
    """A publish of `diagnostics` carrying the least of each that keeps it equal to validate's
    (range, severity, code; the message, required, empty)."""
    least = [{"range": d["range"], "severity": d["severity"], "code": d["code"], "message": ""}
             for d in diagnostics]
    return json.dumps({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                       "params": {"uri": "file:///x.pdn", "diagnostics": least}},
                      separators=(",", ":")).encode()


def time_parse(body, runs=3):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        parsed = json.loads(body)
        times.append(time.perf_counter() - start)
        assert "diagnostics" in parsed["params"]
        # Freed before the next parse, as a client drops the diagnostics a publish replaces.
        del parsed
    return statistics.median(times)


NODE_PARSE = """
const body = require("fs").readFileSync(process.argv[1]);
const times = [];
for (let i = 0; i < 7; i++) {
  const start = process.hrtime.bigint();
  const n = JSON.parse(body.toString("utf8")).params.diagnostics.length;
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (n < 0) throw new Error("unreachable");
}
times.sort((a, b) => a - b);
console.log(times[3]);
"""

NVIM_PARSE = """
local f = io.open(vim.env.PDNKIT_BODY, "rb"); local body = f:read("*a"); f:close()
local times = {}
for i = 1, 7 do
  local start = vim.loop.hrtime()
  local n = #vim.json.decode(body).params.diagnostics
  times[i] = (vim.loop.hrtime() - start) / 1e6
  assert(n >= 0)
end
table.sort(times)
io.stdout:write(tostring(times[4]) .. "\\n")
"""


def other_parsers(bodies, tmp):
    """Median of 7 parses of each body by Node and by Neovim, in ms (None when not installed)."""
    script = os.path.join(tmp, "parse.lua")
    pathlib.Path(script).write_text(NVIM_PARSE)
    out = {}
    for name, body in bodies.items():
        path = os.path.join(tmp, name + ".json")
        pathlib.Path(path).write_bytes(body)
        for parser, command in (
            ("node JSON.parse", ["node", "-e", NODE_PARSE, path]),
            ("nvim vim.json.decode", ["nvim", "--headless", "-u", "NONE", "-c",
                                      f"luafile {script}", "-c", "qa!"]),
        ):
            if shutil.which(command[0]) is None:
                out[(parser, name)] = None
                continue
            run = subprocess.run(command, capture_output=True, text=True, timeout=300,
                                 stdin=subprocess.DEVNULL,
                                 env={**os.environ, "PDNKIT_BODY": path})
            try:
                out[(parser, name)] = float(run.stdout.split()[-1])
            except (ValueError, IndexError):
                raise SystemExit(f"{parser} did not parse {name}: {run.stdout}{run.stderr}")
    return out


def position(text, offset):
    before = text[:offset]
    line = before.count("\n")
    return {"line": line, "character": offset - (before.rfind("\n") + 1)}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pdn")
        text = build_archive(path)
        size = len(text.encode())
        print(f"file ({form}): {size / 1e6:.1f} MB")

        server = Server()
        server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                      "initializationOptions": {"notes": notes}})
        server.notify("initialized", {})
        uri = "file://" + path
        start = time.perf_counter()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "pdn", "version": 1, "text": text}})
        published = len(server.diagnostics())
        opened_body = server.body
        floor = floor_body(json.loads(opened_body)["params"]["diagnostics"])
        opened = time.perf_counter() - start
        status = server.request("pdnkit/status", {"textDocument": {"uri": uri}})
        print(f"server: {status['games']} games, opened and checked in {opened * 1000:.0f} ms "
              f"({published} diagnostics published, {len(opened_body) / 1e6:.2f} MB; "
              f"the least the protocol allows for them {len(floor) / 1e6:.2f} MB)")

        # The first main-line move of the game in the middle: its last character changed (a
        # typing slip, still a move) and changed back.
        middle = text.index("\n\n[", len(text) // 2) + 2
        body = text.index("\n1. ", middle) + 4
        written = text[body:text.index(" ", body)]
        other = written[:-1] + ("5" if written[-1] != "5" else "6")
        checks = status["checks"]
        current, version = text, 1
        validates, edit_times, ratios, answer_times, answer_ratios = [], [], [], [], []
        parses, parse_ratios, floors, floor_ratios = [], [], [], []
        # Rounds of one whole validate and a batch of edits, in turn: the machine's speed
        # drifts, so each ratio compares runs made side by side.
        for _ in range(rounds):
            validate = time_validate(path, runs=1)
            times, answers = [], []
            for _ in range(edits):
                new = other if current[body:].startswith(written + " ") else written
                old_end = body + len(current[body:].split(" ", 1)[0])
                rng = {"start": position(current, body), "end": position(current, old_end)}
                version += 1
                start = time.perf_counter()
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": rng, "text": new}]})
                server.diagnostics()
                last = server.body
                times.append(time.perf_counter() - start)
                answers.append(server.arrived - start)
                current = current[:body] + new + current[old_end:]
            validates.append(validate)
            edit_times.extend(times)
            ratios.append(statistics.median(times) / validate)
            answer_times.extend(answers)
            answer_ratios.append(statistics.median(answers) / validate)
            parse = time_parse(last)
            parses.append(parse)
            parse_ratios.append(parse / validate)
            least = time_parse(floor)
            floors.append(least)
            floor_ratios.append(least / validate)
        status = server.request("pdnkit/status", {"textDocument": {"uri": uri}})
        rechecked = status["checks"] - checks
        server.request("shutdown", None)
        server.notify("exit", None)
        server.proc.wait()

        print(f"pdnkit -j 1 validate: median {statistics.median(validates) * 1000:.0f} ms "
              f"({rounds} runs)")
        print(f"edit of one game ({written} <-> {other}): median "
              f"{statistics.median(edit_times) * 1000:.1f} ms, max {max(edit_times) * 1000:.1f} ms "
              f"({rounds} x {edits} edits); games checked again: {rechecked}")
        print(f"until the publish starts to arrive: median "
              f"{statistics.median(answer_times) * 1000:.1f} ms; edit / validate "
              f"{statistics.median(answer_ratios):.4f}")
        print(f"parsing the last publish alone: median {statistics.median(parses) * 1000:.1f} ms; "
              f"parse / validate {statistics.median(parse_ratios):.4f}")
        print(f"parsing the least the protocol allows for the same diagnostics: median "
              f"{statistics.median(floors) * 1000:.1f} ms; floor / validate "
              f"{statistics.median(floor_ratios):.4f}")
        others = other_parsers({"publish": last, "least": floor}, tmp)
        for parser in ("node JSON.parse", "nvim vim.json.decode"):
            publish, least = others[(parser, "publish")], others[(parser, "least")]
            if publish is None or least is None:
                print(f"{parser}: not installed")
                continue
            v = statistics.median(validates) * 1000
            print(f"{parser}: the publish {publish:.1f} ms ({publish / v:.4f} of validate's "
                  f"median), the least {least:.1f} ms ({least / v:.4f})")
        ratio = statistics.median(ratios)
        met = ratio <= 0.1 and rechecked == rounds * edits
        print(f"edit / validate (parsed), median of the rounds' ratios: {ratio:.4f} "
              f"(target at most 0.1: {'met' if met else 'NOT met'})")
        return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
