from django.test import TestCase


class HealthTestCase(TestCase):
    def test_it_reports_the_database_and_redis_it_uses(self):
        from django.conf import settings

        r = self.client.get("/healthz")
        self.assertEqual(r.status_code, 200)
        self.assertEqual(r.json()["database"], "ok")
        self.assertEqual("redis" in r.json(), bool(settings.REDIS_URL))
