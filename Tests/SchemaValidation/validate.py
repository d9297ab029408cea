#!/usr/bin/env python3
"""Validates YAML manifests against a JSON Schema with a real validator (PyPI jsonschema,
draft 2020-12), as an editor's YAML language server would.

usage: validate.py SCHEMA < cases.json
cases.json is a list of {"name": ..., "yaml": ...}; prints {"name": [error, ...], ...} (an empty
list for a manifest the schema accepts). YAML becomes JSON through PyYAML's safe loader.
"""
import json
import sys

import jsonschema
import yaml


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    results = {}
    for case in json.load(sys.stdin):
        document = yaml.safe_load(case["yaml"])
        errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        results[case["name"]] = ["/".join(map(str, error.absolute_path)) + ": " + error.message for error in errors]
    json.dump(results, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
