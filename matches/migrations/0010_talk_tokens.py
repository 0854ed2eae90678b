import secrets

from django.db import migrations, models

import matches.models.talk


def fill_tokens(apps, schema_editor):
    for name in ("Conversation", "Message"):
        model = apps.get_model("matches", name)
        for row in model.objects.filter(token__isnull=True):
            row.token = secrets.token_urlsafe(9)
            row.save(update_fields=["token"])


class Migration(migrations.Migration):
    dependencies = [("matches", "0009_talk_public_at_end")]

    operations = [
        migrations.AddField(model_name="conversation", name="token", field=models.CharField(max_length=16, null=True)),
        migrations.AddField(model_name="message", name="token", field=models.CharField(max_length=16, null=True)),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="conversation",
            name="token",
            field=models.CharField(
                default=matches.models.talk.new_talk_token, editable=False, max_length=16, unique=True
            ),
        ),
        migrations.AlterField(
            model_name="message",
            name="token",
            field=models.CharField(
                default=matches.models.talk.new_talk_token, editable=False, max_length=16, unique=True
            ),
        ),
    ]
