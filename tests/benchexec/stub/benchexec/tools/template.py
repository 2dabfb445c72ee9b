# BaseTool2 as a tool-info module sees it: the types of the arguments BenchExec passes and the helper that reads a
# version from the tool's output.
import collections
import os
import subprocess


class UnsupportedFeatureException(Exception):
    pass


class ToolNotFoundException(Exception):
    pass


class BaseTool2:
    REQUIRED_PATHS = []

    class Task(collections.namedtuple("Task", "input_files identifier property_file options")):
        @property
        def input_files_or_identifier(self):
            return self.input_files or [self.identifier]

        @property
        def single_input_file(self):
            if len(self.input_files) != 1:
                raise UnsupportedFeatureException("tasks with more than one input file are not supported")
            return self.input_files[0]

    ResourceLimits = collections.namedtuple("ResourceLimits", "cputime cputime_hard walltime memory cpu_cores")
    ExitCode = collections.namedtuple("ExitCode", "value signal")

    class RunOutput(list):
        def any_line_contains(self, text):
            return any(text in line for line in self)

    Run = collections.namedtuple("Run", "cmdline exit_code output termination_reason was_timeout")

    class ToolLocator:
        def __init__(self, directory):
            self.directory = directory

        def find_executable(self, name, subdir=""):
            path = os.path.join(self.directory, subdir, name)
            if not os.access(path, os.X_OK):
                raise ToolNotFoundException("no executable " + path)
            return path

    def _version_from_tool(self, executable, arg="--version", use_stderr=False, ignore_stderr=False,
                           line_prefix=None):
        run = subprocess.run([executable, arg], capture_output=True, text=True, check=False)
        output = (run.stderr if use_stderr else run.stdout).strip()
        if line_prefix is None:
            return output
        for line in output.splitlines():
            if line.startswith(line_prefix):
                return line[len(line_prefix):].strip()
        return ""
