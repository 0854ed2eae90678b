"""The public sample set and the families of the made sets, for the rules page."""

from django import template

register = template.Library()


@register.simple_tag
def cosign_sets():
    from games.mystery_cosign.engine import families, operations

    return {
        "sample": sorted(operations.SAMPLE.items()),
        "families": [
            (difficulty, [template for template, _ in pool]) for difficulty, pool in families.FAMILIES.items()
        ],
    }
