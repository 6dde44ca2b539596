"""openapi.yaml is valid OpenAPI 3.1 (the Swift suite checks it lists exactly the served routes)."""

from pathlib import Path

import yaml
from openapi_spec_validator import validate

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


def test_openapi_document_is_valid():
    document = yaml.safe_load(SPEC.read_text())
    assert document["openapi"].startswith("3.1")
    validate(document)
