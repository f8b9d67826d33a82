package dev.modelsphere.swiss.server.routes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.http.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The session, health and audit-log answers on the wire: the members and order the hand-filled maps
 * they replace wrote, and what each leaves out.
 */
class ReadAnswersTest {
  private static final ObjectMapper READ = new ObjectMapper();
  private static final Instant EXPIRES = Instant.parse("2026-12-01T12:00:00Z");

  private static JsonNode written(Object answer) throws Exception {
    return READ.readTree(Json.text(answer));
  }

  private static List<String> members(Object answer) throws Exception {
    List<String> names = new ArrayList<>();
    written(answer).fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void aSessionWithoutALoginSaysSoBeforeWhetherTheSiteIsSetUp() throws Exception {
    assertThat(members(ReadAnswers.SessionState.withoutLogin(true)))
        .containsExactly("authenticated", "authDisabled", "initialized");
  }

  @Test
  void aStrangersSessionIsAuthenticatedFalseAlone() throws Exception {
    assertThat(Json.text(ReadAnswers.SessionState.stranger()))
        .isEqualTo("{\n  \"authenticated\": false\n}\n");
  }

  @Test
  void aLoggedInSessionNamesItsUserAndItsExpiryOnlyWhenItHasOne() throws Exception {
    assertThat(members(ReadAnswers.SessionState.of("admin", false, EXPIRES)))
        .containsExactly("authenticated", "user", "initialized", "expiresAt");
    assertThat(members(ReadAnswers.SessionState.of("proxy-user", true, null)))
        .containsExactly("authenticated", "user", "initialized");
    assertThat(
            written(ReadAnswers.SessionState.of("admin", false, EXPIRES))
                .path("expiresAt")
                .asText())
        .isEqualTo("2026-12-01T12:00:00Z");
  }

  @Test
  void aLoginAnswersEveryMemberInTheReferencesOrder() throws Exception {
    assertThat(members(new ReadAnswers.LoggedIn(true, "admin", EXPIRES, true, "t0k3n")))
        .containsExactly("authenticated", "user", "expiresAt", "initialized", "token");
  }

  @Test
  void healthReadinessRunsAndLogoutKeepTheirMembers() throws Exception {
    assertThat(Json.text(ReadAnswers.Health.ok("1.2.3")))
        .isEqualTo("{\n  \"status\": \"ok\",\n  \"version\": \"1.2.3\"\n}\n");
    assertThat(members(new ReadAnswers.Readiness(false, Map.of("cluster", "ok"))))
        .containsExactly("ready", "checks");
    assertThat(Json.text(new ReadAnswers.Runs(List.of(), false)))
        .isEqualTo("{\n  \"runs\": [],\n  \"hasStore\": false\n}\n");
    assertThat(Json.text(new ReadAnswers.LoggedOut(true))).isEqualTo("{\n  \"ok\": true\n}\n");
  }
}
