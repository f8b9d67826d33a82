package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Who holds the admin role: the local login, the no-login operator, and the listed proxied users.
 */
class AdminRoleTest {
  private final AdminRole role = new AdminRole(List.of("Carol", "ｄａｎ"));

  @Test
  void theLocalLoginsUserAndTheAnonymousUserOfANoLoginServerAreAdmins() {
    assertThat(role.assign(new Session("admin", Instant.EPOCH, "")).admin()).isTrue();
    assertThat(role.assign(Session.anonymous()).admin()).isTrue();
  }

  @Test
  void aProxiedUserIsAnAdminOnlyWhenTheListNamesThemInAnySpelling() {
    assertThat(role.assign(Session.proxied("carol")).admin()).isTrue();
    assertThat(role.assign(Session.proxied("DAN")).admin()).isTrue();
    assertThat(role.assign(Session.proxied("alice")).admin()).isFalse();
    assertThat(role.assign(Session.proxied("admin")).admin())
        .as("a proxied user named like the local login is not the local login")
        .isFalse();
    assertThat(role.assign(Session.proxied(null)).admin()).isFalse();
  }

  @Test
  void sharedAccountsAreTheLocalLoginAndTheAnonymousUserNeverAProxiedPerson() {
    assertThat(new Session("admin", Instant.EPOCH, "").sharedAccount()).isTrue();
    assertThat(Session.anonymous().sharedAccount()).isTrue();
    assertThat(Session.proxied("alice").sharedAccount()).isFalse();
  }
}
