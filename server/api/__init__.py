"""The REST API's blueprints, one per resource."""
