#include "smt/isolated.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <sstream>
#include <unordered_set>
#include <vector>

#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::smt {

namespace {

// The child's whole life: the work, its text to the parent, and an exit that runs none of the parent's exit handlers
// and flushes none of its buffered output a second time. An exception, whatever it is, ends the child without an
// answer: left to unwind, it would reach the parent's copy of main, which reports and writes files.
[[noreturn]] void workInChild(const std::function<std::string()>& work, int out) {
  // A crash is no answer, and needs neither a core file of a child of gigabytes nor a report of the handlers the
  // parent's libraries may have installed.
  rlimit noCore{0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) signal(sig, SIG_DFL);
  const int null = open("/dev/null", O_WRONLY);
  if (null >= 0) dup2(null, STDERR_FILENO);
  try {
    const std::string text = work();
    for (size_t written = 0; written < text.size();) {
      const ssize_t n = write(out, text.data() + written, text.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) _exit(1);
      written += static_cast<size_t>(n);
    }
  } catch (...) {
    _exit(1);
  }
  _exit(0);
}

// All the child writes until it closes its end, or nothing when that takes longer than `limit` or the child fails.
// The child is killed and reaped either way.
std::optional<std::string> awaitText(pid_t child, int in, std::chrono::milliseconds limit) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point until = Clock::now() + limit;
  std::string text;
  bool ended = false;
  for (char buffer[4096];;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0) break;
    pollfd ready{in, POLLIN, 0};
    const int polled = poll(&ready, 1, static_cast<int>(left));
    if (polled < 0 && errno == EINTR) continue;
    if (polled <= 0) break;
    const ssize_t n = read(in, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended = n == 0;
      break;
    }
    text.append(buffer, static_cast<size_t>(n));
  }
  // The child closes its end only by exiting.
  if (!ended) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!ended || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return text;
}

// The Boolean and bit-vector constants of the solver's assertions, in a fixed order (the child's and the parent's
// are the same, as the child is a copy). Each shared subterm is visited once: smt::collectSymbols would walk the
// unwound formulas of bounded model checking as trees.
std::vector<z3::expr> scalarConstants(z3::solver& solver) {
  std::vector<z3::expr> found;
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> work;
  const z3::expr_vector assertions = solver.assertions();
  for (unsigned k = 0; k < assertions.size(); ++k) work.push_back(assertions[k]);
  while (!work.empty()) {
    z3::expr e = work.back();
    work.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (isSymbol(e) && (e.is_bool() || e.is_bv())) {
      found.push_back(e);
      continue;
    }
    if (e.is_app())
      for (unsigned k = 0; k < e.num_args(); ++k) work.push_back(e.arg(k));
  }
  return found;
}

}  // namespace

std::optional<std::string> runApart(const std::function<std::string()>& work, std::chrono::milliseconds limit) {
  int channel[2];
  if (pipe2(channel, O_CLOEXEC) != 0) return std::nullopt;
  const pid_t child = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    return std::nullopt;
  }
  if (child == 0) {
    close(channel[0]);
    workInChild(work, channel[1]);
  }
  close(channel[1]);
  std::optional<std::string> text = awaitText(child, channel[0], limit);
  close(channel[0]);
  return text;
}

z3::check_result checkIsolated(z3::solver& solver, std::chrono::milliseconds limit) {
  // The constants are found on each side only where a model is handed over: most answers are unsat.
  const std::optional<std::string> answer = runApart(
      [&] {
        std::ostringstream out;
        const z3::check_result r = solver.check();
        out << (r == z3::unsat ? "unsat" : r == z3::sat ? "sat" : "unknown") << "\n";
        if (r != z3::sat) return out.str();
        z3::model model = solver.get_model();
        for (const z3::expr& c : scalarConstants(solver)) {
          z3::expr value = model.eval(c, true);
          out << (c.is_bool() ? (value.is_true() ? "1" : "0") : Z3_get_numeral_string(value.ctx(), value)) << "\n";
        }
        return out.str();
      },
      limit);
  if (!answer) return z3::unknown;
  std::istringstream in(*answer);
  std::string line;
  std::getline(in, line);
  if (line == "unsat") return z3::unsat;
  if (line != "sat") return z3::unknown;
  z3::context& context = solver.ctx();
  const std::vector<z3::expr> constants = scalarConstants(solver);
  solver.push();
  for (const z3::expr& c : constants) {
    if (!std::getline(in, line)) return z3::unknown;
    solver.add(c == (c.is_bool() ? context.bool_val(line == "1") : context.bv_val(line.c_str(), c.get_sort().bv_size())));
  }
  return solver.check();
}

z3::check_result checkIsolated(z3::solver& solver, const Limits& limits) {
  const std::chrono::milliseconds time = checkTime(limits);
  if (time.count() <= 0) return z3::unknown;
  const z3::check_result result = checkIsolated(solver, time);
  if (limits.log) limits.log->record(solver, result);
  return result;
}

}  // namespace atropos::smt
