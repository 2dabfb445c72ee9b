"""Which FALSE answers take an SV-COMP violation witness, and in which file (../shared/research/witnesses.md, the
table of section 6). No third-party imports: the test and benchmark scripts read it before they know whether they
need the checker's packages."""

# A property, or a part of valid-memsafety, whose FALSE takes a witness -> the file Atropos writes it to.
WITNESS_FILES = {
    "unreach-call": "witness.yml", "no-overflow": "witness.yml", "valid-deref": "witness.yml",
    "valid-free": "witness.yml", "valid-memtrack": "witness.graphml", "valid-memcleanup": "witness.graphml",
    "termination": "witness.graphml",
}
