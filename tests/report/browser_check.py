#!/usr/bin/env python3
"""Opens an `atropos --html` report in a real headless Chromium and checks it through the DOM.

Usage: browser_check.py REPORT.html [--screenshot PNG] [--max-load-seconds S] [--timeout S] [--chromium PATH]
                        [CHECKS...]

Chromium is driven over the DevTools protocol on --remote-debugging-pipe (standard library only). The page fails
the check when it throws, logs an error (console.error, console.assert, a browser log entry of level error) or
requests anything but file:, data: and about: URLs, since a report must be self-contained. The time from the
navigation to DOMContentLoaded and to the load event is printed. Each CHECK option then tests the report's DOM
contract:

  --verdict PROPERTY=VERDICT  `#verdicts .verdict` with data-property PROPERTY has data-verdict VERDICT
  --trace MIN_STEPS          an `ol.trace` of MIN_STEPS or more `li.step`s, each at an existing `tr.line` that
                             carries its `span.step-mark`; clicking #next-step / #prev-step and the keys n, p,
                             ArrowDown, ArrowUp move class `current` one step, together with the row's
                             `current-line` and the step mark's `current` (navigation needs two steps)
  --inputs N                 N or more `span.input` in trace steps
  --violation                a `tr.line.violation`; a trace's violation step is at such a row
  --annotation KIND          a `.annotation.KIND` (ranking, invariant, recurrent-set) in table#source whose
                             data-line names an existing row (repeatable)
  --state-text TEXT          an `.annotation.invariant` in table#source whose text contains TEXT (a loop head's
                             generalized state, e.g. the shape of its heap: "linked back"; repeatable)
  --proof-cycles N           N or more `#proof .proof-cycle`
  --reason-link              an `a.reason-link[href^="#L"]`, and every such link's row exists
  --graph                    `#graph svg` with `g.node`s, one linking (href or xlink:href) to an existing `#L<n>`
                             row; #zoom-in, #zoom-out and #zoom-reset change the svg's viewBox (reset back to
                             the first one), and #zoom-whole shows at least as much as the first
  --graph-missing            `#graph-missing` instead of a graph (Graphviz could not draw it)
  --no-graph                 `#graph-absent` instead of a graph (the symbolic execution built none)

The source table (`table#source`, a `tr.line` with id L<n>, `td.ln` n and a `td.code` for lines 1 to N) is
always checked. Exit status: 0 when everything passes (one summary line), 1 listing every failure, 2 when
Chromium cannot be started.
"""

import argparse
import base64
import fcntl
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ALLOWED_URL_SCHEMES = ("file:", "data:", "about:")
VIEWPORT = {"width": 1280, "height": 900}
# Chromium draws nothing taller than its largest texture; a longer page is cut there.
MAX_SCREENSHOT_HEIGHT = 16384
CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")

# As root in a container without a display: no sandbox (it needs user namespaces), no GPU, shared memory in /tmp
# (a container's /dev/shm may be tiny), nothing that phones home, and no name resolves, so a request for a remote
# host fails at once even where there is a network.
CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--remote-debugging-pipe",
    "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
    "--host-resolver-rules=MAP * ~NOTFOUND",
]


class BrowserStartFailure(Exception):
    """Chromium could not be started or did not answer (exit status 2)."""


class BrowserGone(Exception):
    """Chromium closed the pipe."""


class CheckTimedOut(Exception):
    """The whole check ran past --timeout."""


class DevToolsError(Exception):
    """A DevTools command answered with an error."""


class DevToolsPipe:
    """The DevTools protocol over --remote-debugging-pipe: JSON messages ended by a NUL byte, commands to the
    browser's fd 3, replies and events from its fd 4. Events are kept, with their arrival time, in `events`."""

    def __init__(self, to_browser, from_browser):
        self.to_browser = to_browser
        self.from_browser = from_browser
        self.unread = bytearray()
        self.next_id = 1
        self.events = []  # (monotonic time, method, params, sessionId)
        self.on_event = None

    def command(self, method, params=None, session=None):
        """The result of `method`; the events that arrive meanwhile are recorded."""
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.next_id += 1
        unwritten = json.dumps(message).encode() + b"\0"
        while unwritten:
            unwritten = unwritten[os.write(self.to_browser, unwritten):]
        while True:
            reply = self._read_message()
            if reply.get("id") == message["id"]:
                if "error" in reply:
                    raise DevToolsError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})

    def wait_for_event(self, method, session, since=0):
        """The first event `method` of `session` from index `since` of `events` on, waiting for it if need be."""
        seen = since
        while True:
            for arrival, name, params, event_session in self.events[seen:]:
                if name == method and event_session == session:
                    return arrival, params
            seen = len(self.events)
            self._read_message()

    def _read_message(self):
        """The next message; an event is recorded (and handed to `on_event`) before it is returned."""
        end = self.unread.find(b"\0")
        while end < 0:
            chunk = os.read(self.from_browser, 1 << 20)  # a screenshot comes as one message of megabytes
            if not chunk:
                raise BrowserGone("chromium closed the DevTools pipe")
            end = chunk.find(b"\0")
            if end >= 0:
                end += len(self.unread)
            self.unread += chunk
        message = json.loads(self.unread[:end])
        del self.unread[:end + 1]
        if "method" in message:
            event = (time.monotonic(), message["method"], message.get("params", {}), message.get("sessionId"))
            self.events.append(event)
            if self.on_event:
                self.on_event(*event[1:])
        return message


class Browser:
    """A headless Chromium with a temporary profile of its own; on exit it is killed with its whole process group and
    the profile is removed."""

    def __init__(self, executable):
        self.executable = executable
        self.work = tempfile.mkdtemp(prefix="browser-check-")
        self.profile = os.path.join(self.work, "profile")
        self.log_path = os.path.join(self.work, "chromium.log")
        self.process = None
        self.pipe = None

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def _start(self):
        commands_read, commands_write = os.pipe()
        replies_read, replies_write = os.pipe()

        def put_pipe_on_fds_3_and_4():
            # Through fds above 4 first, so that neither dup2 overwrites the other pipe end, and dup2 makes them
            # inheritable (a dup2 onto the same fd would keep close-on-exec).
            reading = fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10)
            writing = fcntl.fcntl(replies_write, fcntl.F_DUPFD, 10)
            os.dup2(reading, 3)
            os.dup2(writing, 4)
            os.close(reading)
            os.close(writing)

        command = [self.executable] + CHROMIUM_FLAGS + ["--user-data-dir=" + self.profile, "about:blank"]
        with open(self.log_path, "wb") as log:
            try:
                self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                                pass_fds=(3, 4), preexec_fn=put_pipe_on_fds_3_and_4,
                                                start_new_session=True)
            except OSError as error:
                raise BrowserStartFailure("cannot run %s: %s" % (self.executable, error)) from None
            finally:
                os.close(commands_read)
                os.close(replies_write)
        self.pipe = DevToolsPipe(commands_write, replies_read)
        try:
            self.version = self.pipe.command("Browser.getVersion")["product"]
        except (BrowserGone, OSError) as error:
            raise BrowserStartFailure("%s did not answer on the DevTools pipe (%s); its log:\n%s"
                                      % (self.executable, error, self.log_tail())) from None

    def log_tail(self, lines=20):
        try:
            with open(self.log_path, errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    def close(self):
        signal.setitimer(signal.ITIMER_REAL, 0)  # the hard timeout must not cut the clean-up short
        # No Browser.close first: the profile is thrown away, and a hung browser would not answer it anyway.
        if self.process:
            self._kill_process_group()
        if self.pipe:
            os.close(self.pipe.to_browser)
            os.close(self.pipe.from_browser)
            self.pipe = None
        self._remove_singleton_socket()
        shutil.rmtree(self.work, ignore_errors=True)

    def _remove_singleton_socket(self):
        """Removes the directory of the socket that keeps a second browser off the profile. Chromium makes it in
        the temporary directory (a socket's path must be short), links it from the profile, and removes it only
        when it exits normally, not when it is killed."""
        try:
            socket = os.readlink(os.path.join(self.profile, "SingletonSocket"))
        except OSError:
            return
        directory = os.path.dirname(socket)
        if os.path.basename(directory).startswith("org.chromium.Chromium."):
            shutil.rmtree(directory, ignore_errors=True)

    def _kill_process_group(self):
        """Kills what is left of the group Chromium leads (renderers, zygotes, the crash handler) and waits until
        it is gone, so that none of them writes into the profile while it is removed."""
        group = self.process.pid
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.process.poll() is None:
            self.process.wait()
        for _ in range(100):
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


class Page:
    """A tab of the browser, attached over a flat session, with its events turned into failures."""

    def __init__(self, browser, failures):
        self.pipe = browser.pipe
        self.failures = failures
        target = self.pipe.command("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.pipe.command("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.pipe.on_event = self._on_event
        for domain in ("Runtime", "Page", "Log", "Network"):
            self.command(domain + ".enable")
        self.command("Emulation.setDeviceMetricsOverride", dict(VIEWPORT, deviceScaleFactor=1, mobile=False))
        # Key events reach a headless page only when it has focus.
        self.command("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def command(self, method, params=None):
        return self.pipe.command(method, params, self.session)

    def _on_event(self, method, params, session):
        if session != self.session:
            return
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            description = details.get("exception", {}).get("description") or details.get("text")
            self.failures.append("the page threw: %s (%s:%s)" % (description.splitlines()[0], details.get("url", "?"),
                                                                 details.get("lineNumber", -1) + 1))
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            text = " ".join(str(argument.get("value", argument.get("description", ""))) for argument in params["args"])
            self.failures.append("the page logged console.%s: %s" % (params["type"], text))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            entry = params["entry"]
            self.failures.append("the browser logged an error: %s%s"
                                 % (entry["text"], " (%s)" % entry["url"] if entry.get("url") else ""))
        elif method == "Network.requestWillBeSent":
            url = params["request"]["url"]
            if not url.startswith(ALLOWED_URL_SCHEMES):
                self.failures.append("the page requested %s: a report must be self-contained" % url)

    def navigate(self, url):
        """Opens `url`; the seconds until DOMContentLoaded and until the load event."""
        since = len(self.pipe.events)
        started = time.monotonic()
        navigation = self.command("Page.navigate", {"url": url})
        if navigation.get("errorText"):
            raise DevToolsError("cannot open %s: %s" % (url, navigation["errorText"]))
        content_loaded, _ = self.pipe.wait_for_event("Page.domContentEventFired", self.session, since)
        loaded, _ = self.pipe.wait_for_event("Page.loadEventFired", self.session, since)
        return content_loaded - started, loaded - started

    def evaluate(self, expression):
        """The value of a JavaScript expression (a promise is awaited); an exception in it raises DevToolsError."""
        result = self.command("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                   "awaitPromise": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise DevToolsError("the check's script failed: %s"
                                % details.get("exception", {}).get("description", details.get("text")))
        return result["result"].get("value")

    def call(self, function, *arguments):
        """The value of a JavaScript function applied to JSON arguments."""
        return self.evaluate("(%s)(%s)" % (function, ", ".join(json.dumps(argument) for argument in arguments)))

    def settle(self):
        """Returns once the page has drawn a frame and run what it had queued."""
        self.evaluate("new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))")

    def screenshot(self, path):
        size = self.command("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": max(size["width"], VIEWPORT["width"]),
                "height": min(max(size["height"], VIEWPORT["height"]), MAX_SCREENSHOT_HEIGHT), "scale": 1}
        data = self.command("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        with open(path, "wb") as f:
            f.write(base64.b64decode(data["data"]))

    def click(self, selector):
        """Clicks `selector` with the mouse, as a user would; a problem (not visible, covered) or None."""
        target = self.call(CLICK_TARGET_JS, selector)
        if target["problem"]:
            return target["problem"]
        position = {"x": target["x"], "y": target["y"]}
        self.command("Input.dispatchMouseEvent", dict(position, type="mouseMoved"))
        for kind in ("mousePressed", "mouseReleased"):
            self.command("Input.dispatchMouseEvent", dict(position, type=kind, button="left", clickCount=1))
        self.settle()
        return None

    def press(self, key):
        down = dict(KEYS[key], type="keyDown" if "text" in KEYS[key] else "rawKeyDown")
        self.command("Input.dispatchKeyEvent", down)
        self.command("Input.dispatchKeyEvent", dict(KEYS[key], type="keyUp"))
        self.settle()


KEYS = {
    "n": {"key": "n", "code": "KeyN", "text": "n", "windowsVirtualKeyCode": 78},
    "p": {"key": "p", "code": "KeyP", "text": "p", "windowsVirtualKeyCode": 80},
    "ArrowDown": {"key": "ArrowDown", "code": "ArrowDown", "windowsVirtualKeyCode": 40},
    "ArrowUp": {"key": "ArrowUp", "code": "ArrowUp", "windowsVirtualKeyCode": 38},
}

# Scrolls the element into view, waits until it stops moving (a report may scroll smoothly) and returns the
# centre to click, or why a user could not click it.
CLICK_TARGET_JS = """async (selector) => {
  const element = document.querySelector(selector);
  if (!element) return {problem: "there is no " + selector};
  element.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
  let previous = "", unchanged = 0;
  for (let frame = 0; frame < 120 && unchanged < 3; frame++) {
    await new Promise(done => requestAnimationFrame(done));
    const box = element.getBoundingClientRect();
    const position = [box.left, box.top, box.width, box.height].join();
    unchanged = position === previous ? unchanged + 1 : 0;
    previous = position;
  }
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return {problem: selector + " is not visible"};
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(element === hit || element.contains(hit)))
    return {problem: selector + " is covered by " + (hit ? hit.outerHTML.slice(0, 80) : "nothing")};
  if (element.disabled) return {problem: selector + " is disabled"};
  return {problem: null, x, y};
}"""

SOURCE_JS = """() => {
  const table = document.querySelector("table#source");
  if (!table) return null;
  return Array.from(table.querySelectorAll("tr.line"), row => ({
    id: row.id,
    number: (row.querySelector("td.ln") || {}).textContent,
    hasCode: row.querySelector("td.code") !== null,
  }));
}"""

VERDICTS_JS = """() => Array.from(document.querySelectorAll("#verdicts .verdict"),
                                  element => [element.dataset.property, element.dataset.verdict])"""

TRACES_JS = """() => Array.from(document.querySelectorAll("ol.trace"), trace => ({
  property: trace.dataset.property,
  steps: Array.from(trace.querySelectorAll("li.step"), item => {
    const row = document.getElementById("L" + item.dataset.line);
    const isRow = row !== null && row.matches("table#source tr.line");
    return {
      step: item.dataset.step, line: item.dataset.line, kind: item.dataset.kind,
      inputs: item.querySelectorAll("span.input").length,
      rowExists: isRow,
      rowIsViolation: isRow && row.classList.contains("violation"),
      hasMark: isRow && row.querySelector('span.step-mark[data-step="' + item.dataset.step + '"]') !== null,
    };
  }),
}))"""

# What is current after a move: the trace's current steps, the rows marked current-line and the current step marks
# with their rows.
CURRENT_JS = """async (traceIndex) => {
  await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  const trace = document.querySelectorAll("ol.trace")[traceIndex];
  return {
    steps: Array.from(trace.querySelectorAll("li.step.current"),
                      item => ({step: item.dataset.step, line: item.dataset.line})),
    rows: Array.from(document.querySelectorAll("tr.line.current-line"), row => row.id),
    marks: Array.from(document.querySelectorAll("span.step-mark.current"),
                      mark => ({step: mark.dataset.step, row: mark.closest("tr") ? mark.closest("tr").id : null})),
  };
}"""

ANNOTATIONS_JS = """(kind) => {
  const inSource = Array.from(document.querySelectorAll("table#source .annotation." + kind), element => {
    const row = document.getElementById("L" + element.dataset.line);
    return {line: element.dataset.line, rowExists: row !== null && row.matches("table#source tr.line")};
  });
  return {inSource, elsewhere: document.querySelectorAll(".annotation." + kind).length - inSource.length};
}"""

STATE_TEXTS_JS = """() => Array.from(document.querySelectorAll("table#source .annotation.invariant"),
                                   element => element.textContent)"""

REASON_LINKS_JS = """() => Array.from(document.querySelectorAll('a.reason-link[href^="#L"]'), link => {
  const row = document.getElementById(link.getAttribute("href").slice(1));
  return {href: link.getAttribute("href"), rowExists: row !== null && row.matches("table#source tr.line")};
})"""

GRAPH_JS = """() => {
  const svg = document.querySelector("#graph svg");
  if (!svg) return null;
  const links = [];
  for (const node of svg.querySelectorAll("g.node"))
    for (const link of node.querySelectorAll("a")) {
      const href = link.getAttribute("href") || link.getAttributeNS("http://www.w3.org/1999/xlink", "href");
      if (href && /^#L[0-9]+$/.test(href)) {
        const row = document.getElementById(href.slice(1));
        links.push({href, rowExists: row !== null && row.matches("table#source tr.line")});
      }
    }
  return {nodes: svg.querySelectorAll("g.node").length, links, viewBox: svg.getAttribute("viewBox")};
}"""

VIEW_BOX_JS = """() => document.querySelector("#graph svg").getAttribute("viewBox")"""


def check_source(page, _):
    rows = page.call(SOURCE_JS)
    if rows is None:
        return ["there is no table#source"]
    if not rows:
        return ["table#source has no tr.line"]
    problems = []
    for number, row in enumerate(rows, 1):
        expected_id = "L%d" % number
        if row["id"] != expected_id or (row["number"] or "").strip() != str(number) or not row["hasCode"]:
            problems.append("table#source: tr.line %d is id=%r with td.ln %r%s (expected id=%r, td.ln %d and a "
                            "td.code)" % (number, row["id"], row["number"], "" if row["hasCode"] else ", no td.code",
                                          expected_id, number))
    return first_problems(problems)


def first_problems(problems, shown=5):
    """The first `shown` of many problems of one kind, and how many more there are."""
    if len(problems) <= shown:
        return problems
    return problems[:shown] + ["and %d more like these" % (len(problems) - shown)]


def check_verdict(page, expectation):
    prop, expected = expectation.split("=", 1)
    verdicts = page.call(VERDICTS_JS)
    found = [verdict for name, verdict in verdicts if name == prop]
    if found == [expected]:
        return []
    present = ", ".join("%s=%s" % (name, verdict) for name, verdict in verdicts) or "none"
    if not found:
        return ['--verdict %s: no #verdicts .verdict[data-property="%s"] (present: %s)' % (expectation, prop, present)]
    return ["--verdict %s: #verdicts has %s for %s" % (expectation, ", ".join(found), prop)]


def check_trace(page, min_steps):
    traces = page.call(TRACES_JS)
    if not traces:
        return ["--trace %d: there is no ol.trace" % min_steps]
    long_enough = [index for index, trace in enumerate(traces) if len(trace["steps"]) >= min_steps]
    if not long_enough:
        return ["--trace %d: the longest ol.trace has %d li.step" % (min_steps, max(len(t["steps"]) for t in traces))]
    index = long_enough[0]
    problems = trace_structure_problems(traces[index])
    if problems:
        return ["--trace %d: %s" % (min_steps, problem) for problem in problems]
    return ["--trace %d: %s" % (min_steps, problem) for problem in navigation_problems(page, index, traces[index])]


def trace_structure_problems(trace):
    problems = []
    for number, step in enumerate(trace["steps"], 1):
        where = 'ol.trace[data-property="%s"] li.step %d' % (trace["property"], number)
        if step["step"] != str(number):
            problems.append("%s has data-step=%r" % (where, step["step"]))
        if step["kind"] not in ("line", "call", "return", "violation"):
            problems.append("%s has data-kind=%r" % (where, step["kind"]))
        if not step["rowExists"]:
            problems.append("%s has data-line=%r, which is no row of table#source" % (where, step["line"]))
        elif not step["hasMark"]:
            problems.append('%s: row L%s has no span.step-mark[data-step="%s"]' % (where, step["line"], step["step"]))
    return first_problems(problems)


def navigation_problems(page, trace_index, trace):
    """Moves through the trace with #next-step, #prev-step and the keys, between two neighbouring steps, and after
    each move requires exactly that step current, with its row and step mark."""
    count = len(trace["steps"])
    if count < 2:
        return ["the trace has one step: navigation needs two to be checked"]
    lines = {int(step["step"]): step["line"] for step in trace["steps"]}
    state = page.call(CURRENT_JS, trace_index)
    problems = [] if not state["steps"] else current_step_problems(state, int(state["steps"][0]["step"]), lines,
                                                                    "on load")
    if problems:
        return problems
    current = int(state["steps"][0]["step"]) if state["steps"] else 0
    forward = [("click", "#next-step"), ("key", "n"), ("key", "ArrowDown")]
    backward = [("click", "#prev-step"), ("key", "p"), ("key", "ArrowUp")]
    if current == 0:  # nothing current yet: the first step forward makes step 1 current
        moves = [forward[0]] + interleave(forward, backward)
    elif current < count:
        moves = interleave(forward, backward)
    else:
        moves = interleave(backward, forward)
    for how, what in moves:
        expected = current + (1 if (how, what) in forward else -1)
        description = "%s %s from step %d" % ("clicking" if how == "click" else "key", what, current)
        if how == "click":
            problem = page.click(what)
            if problem:
                return ["%s: %s" % (description, problem)]
        else:
            page.press(what)
        problems = current_step_problems(page.call(CURRENT_JS, trace_index), expected, lines, description)
        if problems:
            return problems
        current = expected
    return []


def interleave(first, second):
    return [move for pair in zip(first, second) for move in pair]


def current_step_problems(state, expected, lines, after):
    steps = [int(step["step"]) for step in state["steps"]]
    if steps != [expected]:
        return ["after %s the current li.step is %s, expected %d" % (after, steps or "none", expected)]
    row = "L" + lines[expected]
    problems = []
    if state["rows"] != [row]:
        problems.append("after %s (step %d at data-line %s) the tr.line.current-line is %s, expected %s"
                        % (after, expected, lines[expected], state["rows"] or "none", row))
    if state["marks"] != [{"step": str(expected), "row": row}]:
        marks = ["step %s in %s" % (mark["step"], mark["row"]) for mark in state["marks"]]
        problems.append("after %s the span.step-mark.current are %s, expected step %d in %s"
                        % (after, marks or "none", expected, row))
    return problems


def check_inputs(page, minimum):
    counts = page.evaluate('[document.querySelectorAll("ol.trace li.step span.input").length, '
                           'document.querySelectorAll("span.input").length]')
    if counts[0] >= minimum:
        return []
    return ["--inputs %d: %d span.input in trace steps (%d in the page)" % (minimum, counts[0], counts[1])]


def check_violation(page, _):
    problems = []
    if not page.evaluate('document.querySelectorAll("table#source tr.line.violation").length'):
        problems.append("--violation: there is no tr.line.violation in table#source")
    for trace in page.call(TRACES_JS):
        for step in trace["steps"]:
            if step["kind"] == "violation" and step["rowExists"] and not step["rowIsViolation"]:
                problems.append("--violation: the violation step %s of the %s trace is at row L%s, which is not "
                                "tr.line.violation" % (step["step"], trace["property"], step["line"]))
    return problems


def check_annotation(page, kind):
    found = page.call(ANNOTATIONS_JS, kind)
    if not found["inSource"]:
        return ["--annotation %s: no .annotation.%s in table#source (%d elsewhere)" % (kind, kind, found["elsewhere"])]
    return ["--annotation %s: .annotation.%s has data-line=%r, which is no row" % (kind, kind, annotation["line"])
            for annotation in found["inSource"] if not annotation["rowExists"]]


def check_state_text(page, text):
    states = page.call(STATE_TEXTS_JS)
    if any(text in state for state in states):
        return []
    return ["--state-text %r: none of the %d .annotation.invariant in table#source says it" % (text, len(states))]


def check_proof_cycles(page, minimum):
    count = page.evaluate('document.querySelectorAll("#proof .proof-cycle").length')
    return [] if count >= minimum else ["--proof-cycles %d: #proof has %d .proof-cycle" % (minimum, count)]


def check_reason_link(page, _):
    links = page.call(REASON_LINKS_JS)
    if not links:
        return ['--reason-link: there is no a.reason-link[href^="#L"]']
    return ["--reason-link: a.reason-link href=%s names no row of table#source" % link["href"]
            for link in links if not link["rowExists"]]


def check_graph(page, _):
    graph = page.call(GRAPH_JS)
    if graph is None:
        return ["--graph: there is no #graph svg"]
    if not graph["nodes"]:
        return ["--graph: #graph svg has no g.node"]
    problems = ["--graph: a g.node links to %s, which is no row of table#source" % link["href"]
                for link in graph["links"] if not link["rowExists"]]
    if not graph["links"]:
        problems.append("--graph: no g.node of the %d contains an a with href #L<n>" % graph["nodes"])
    return problems + zoom_problems(page, graph["viewBox"])


def zoom_problems(page, first_view_box):
    if first_view_box is None:
        return ["--graph: #graph svg has no viewBox"]
    view_boxes = [first_view_box]
    for button in ("#zoom-in", "#zoom-out", "#zoom-reset"):
        problem = page.click(button)
        if problem:
            return ["--graph: %s" % problem]
        view_boxes.append(page.call(VIEW_BOX_JS))
    problems = []
    for button, before, after in zip(("#zoom-in", "#zoom-out"), view_boxes, view_boxes[1:]):
        if after == before:
            problems.append("--graph: clicking %s left the viewBox %r" % (button, before))
    if view_boxes[3] != first_view_box:
        problems.append("--graph: clicking #zoom-reset gave viewBox %r, not the first %r"
                        % (view_boxes[3], first_view_box))
    # The whole graph is at least as much as the first view shows (a small graph starts whole).
    problem = page.click("#zoom-whole")
    if problem:
        return problems + ["--graph: %s" % problem]
    whole = [float(v) for v in page.call(VIEW_BOX_JS).replace(",", " ").split()]
    first = [float(v) for v in first_view_box.replace(",", " ").split()]
    if whole[2] < first[2] * 0.999 and whole[3] < first[3] * 0.999:
        problems.append("--graph: clicking #zoom-whole gave viewBox %r, less than the first %r"
                        % (whole, first_view_box))
    return problems


def check_no_graph(page, _):
    if page.evaluate('document.getElementById("graph-absent") !== null'):
        return []
    return ["--no-graph: there is no #graph-absent"]


def check_graph_missing(page, _):
    if page.evaluate('document.getElementById("graph-missing") !== null'):
        return []
    return ["--graph-missing: there is no #graph-missing"]


def non_negative_int(text):
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    return value


def verdict_expectation(text):
    if "=" not in text or text.split("=", 1)[1] not in ("TRUE", "FALSE", "UNKNOWN"):
        raise argparse.ArgumentTypeError("expected PROPERTY=TRUE, PROPERTY=FALSE or PROPERTY=UNKNOWN")
    return text


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", help="the HTML report")
    parser.add_argument("--screenshot", metavar="PNG", help="save the page as it is after loading")
    parser.add_argument("--max-load-seconds", type=float, metavar="S", help="fail when the load event comes later")
    parser.add_argument("--timeout", type=float, default=60, metavar="S", help="for the whole check (default 60)")
    parser.add_argument("--chromium", help="the browser (default: chromium on the PATH)")
    parser.add_argument("--verdict", action="append", default=[], type=verdict_expectation,
                        metavar="PROPERTY=VERDICT")
    parser.add_argument("--trace", type=non_negative_int, metavar="MIN_STEPS")
    parser.add_argument("--inputs", type=non_negative_int, metavar="N")
    parser.add_argument("--violation", action="store_true")
    parser.add_argument("--annotation", action="append", default=[], choices=("ranking", "invariant", "recurrent-set"))
    parser.add_argument("--state-text", action="append", default=[], metavar="TEXT")
    parser.add_argument("--proof-cycles", type=non_negative_int, metavar="N")
    parser.add_argument("--reason-link", action="store_true")
    graph = parser.add_mutually_exclusive_group()
    graph.add_argument("--graph", action="store_true")
    graph.add_argument("--graph-missing", action="store_true")
    graph.add_argument("--no-graph", action="store_true")
    return parser.parse_args()


def requested_checks(arguments):
    """(check, its argument) in the order they run; the navigation of --trace and the zoom of --graph change the
    page, so they come after the checks that only read it."""
    checks = [(check_source, None)]
    checks += [(check_verdict, expectation) for expectation in arguments.verdict]
    checks += [(check_annotation, kind) for kind in arguments.annotation]
    checks += [(check_state_text, text) for text in arguments.state_text]
    for option, check in (("inputs", check_inputs), ("violation", check_violation),
                          ("proof_cycles", check_proof_cycles), ("reason_link", check_reason_link),
                          ("graph_missing", check_graph_missing), ("no_graph", check_no_graph), ("trace", check_trace),
                          ("graph", check_graph)):
        value = getattr(arguments, option)
        if value is not None and value is not False:
            checks.append((check, value))
    return checks


def run_checks(browser, arguments, failures, outcome):
    """Opens the report and runs the checks, appending to `failures`; `outcome` gets the timing and the number of
    checks as they become known (the hard timeout may stop this anywhere)."""
    page = Page(browser, failures)
    content_loaded, loaded = page.navigate(pathlib.Path(arguments.report).resolve().as_uri())
    outcome["timing"] = "DOMContentLoaded %.3f s, load event %.3f s after navigation" % (content_loaded, loaded)
    if arguments.max_load_seconds is not None and loaded > arguments.max_load_seconds:
        failures.append("--max-load-seconds %g: the load event came %.3f s after navigation"
                        % (arguments.max_load_seconds, loaded))
    page.settle()
    if arguments.screenshot:
        page.screenshot(arguments.screenshot)
    checks = requested_checks(arguments)
    for check, value in checks:
        try:
            failures.extend(check(page, value))
        except DevToolsError as error:
            failures.append("%s: %s" % (check.__name__, error))
    page.settle()  # errors the last interactions caused arrive as events
    outcome["checks"] = len(checks)


def main():
    arguments = parse_arguments()
    if not os.path.isfile(arguments.report):
        print("browser check: there is no file %s" % arguments.report)
        return 1
    executable = arguments.chromium or next(filter(None, map(shutil.which, CHROMIUM_CANDIDATES)), None)
    if executable is None:
        print("browser check: cannot start chromium: none of %s is on the PATH" % ", ".join(CHROMIUM_CANDIDATES))
        return 2

    def time_out(*_):
        raise CheckTimedOut()

    signal.signal(signal.SIGALRM, time_out)
    signal.setitimer(signal.ITIMER_REAL, arguments.timeout)  # Browser.close stops it
    failures = []
    outcome = {"timing": "did not load", "checks": 0}
    started = False
    try:
        with Browser(executable) as browser:
            started = True
            try:
                run_checks(browser, arguments, failures, outcome)
            except BrowserGone as error:
                failures.append("%s; its log ends:\n%s" % (error, browser.log_tail()))
    except BrowserStartFailure as error:
        print("browser check: cannot start chromium: %s" % error)
        return 2
    except CheckTimedOut:
        if not started:
            print("browser check: cannot start chromium: no answer within %g s" % arguments.timeout)
            return 2
        failures.append("--timeout %g: the check did not finish in time" % arguments.timeout)
    except DevToolsError as error:
        failures.append(str(error))
    if failures:
        print("browser check: %s FAILED (%s):" % (arguments.report, outcome["timing"]))
        for failure in failures:
            print("  - " + failure)
        return 1
    print("browser check: %s passed %d checks (%s, %s)" % (arguments.report, outcome["checks"], outcome["timing"],
                                                          browser.version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
