# A stand-in for the parts of BenchExec a tool-info module may use (BenchExec is not a Debian package): the result
# constants and BaseTool2 with the nested types BenchExec passes to cmdline and determine_result. Written from
# BenchExec's documentation (doc/tool-integration.md, benchexec/tools/template.py), no code of its own.
