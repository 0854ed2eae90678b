from matches.views.accounts import invite_path
from tests.base import BaseTestCase


class InviteTestCase(BaseTestCase):
    def test_it_sets_a_password_once(self):
        self.alice.set_unusable_password()
        self.alice.save()
        path = invite_path(self.alice)
        r = self.client.get(path, follow=True)
        self.assertContains(r, "Set your password")
        form_url = r.redirect_chain[-1][0]
        new = "a fresh long passphrase"
        r = self.client.post(form_url, {"new_password1": new, "new_password2": new})
        self.assertEqual(r.status_code, 302)
        self.assertTrue(self.client.login(username="alice", password=new))
        self.client.logout()
        r = self.client.get(path, follow=True)
        self.assertContains(r, "not valid any more")
