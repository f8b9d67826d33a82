package dev.modelsphere.swiss.deploy.view;

import static dev.modelsphere.swiss.deploy.view.DeploymentsJsonTest.fields;
import static dev.modelsphere.swiss.deploy.view.DeploymentsJsonTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.kube.PodMilestones;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.StartupProgress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The status answer as the server writes it: the reference's names, omissions and extras. */
class StatusJsonTest {

  @Test
  void anUnknownReleaseKeepsTheAlwaysPresentMembersAuthPrefixIncluded() throws Exception {
    JsonNode json = written(StatusReport.of("models", "ghost"));

    assertThat(fields(json))
        .containsExactly(
            "release",
            "namespace",
            "exists",
            "revision",
            "pods",
            "ready",
            "total",
            "authPrefix",
            "canaryState");
    assertThat(json.get("pods").isArray()).isTrue();
    assertThat(json.get("authPrefix").asText()).isEmpty();
  }

  @Test
  void aStartingPodCarriesItsStartupProgressAndAReadyOneDoesNot() throws Exception {
    PodView starting =
        new PodView(
            "glm-0",
            "Running",
            false,
            0,
            "gpu-1",
            "containers with unready status: [engine]",
            90,
            new StartupProgress(StartupProgress.State.LOADING, "engine", 60, 630),
            1,
            new PodMilestones("2026-12-01T09:58:00Z", "2026-12-01T09:58:01Z", true, "", false, ""));
    PodView ready =
        new PodView(
            "glm-1",
            "Running",
            true,
            0,
            "",
            "",
            90,
            null,
            0,
            new PodMilestones("", "", true, "", true, "2026-12-01T09:59:00Z"));

    JsonNode json = written(StatusReport.of("models", "glm").withPods(List.of(starting, ready)));

    JsonNode first = json.get("pods").get(0);
    assertThat(fields(first))
        .containsExactly(
            "name",
            "phase",
            "ready",
            "restarts",
            "node",
            "message",
            "ageSeconds",
            "startup",
            "gpus",
            "milestones");
    assertThat(fields(first.get("milestones")))
        .containsExactly("createdAt", "scheduledAt", "imagePulled", "startupPassed");
    assertThat(fields(first.get("startup")))
        .containsExactly("state", "container", "elapsedSeconds", "budgetSeconds");
    assertThat(first.get("startup").get("state").asText()).isEqualTo("loading");
    assertThat(fields(json.get("pods").get(1)))
        .containsExactly("name", "phase", "ready", "restarts", "ageSeconds", "gpus", "milestones");
  }

  @Test
  void anLlmServiceBlockNamesTheOperatorsStatus() throws Exception {
    StatusReport report =
        StatusReport.of("models", "qwen")
            .withBackend("llmsvc")
            .withCleanupPending(true)
            .withLlmservice(
                new StatusReport.LlmServiceState(
                    "Failed",
                    "boom",
                    6,
                    List.of(new StatusReport.Condition("Applied", "False", "ApplyFailed", "boom"))))
            .withUid("u-1");

    JsonNode json = written(report);

    assertThat(fields(json))
        .containsSubsequence("backend", "cleanupPending", "llmservice", "canaryState", "uid");
    assertThat(fields(json.get("llmservice")))
        .containsExactly("phase", "message", "revision", "conditions");
    assertThat(fields(json.get("llmservice").get("conditions").get(0)))
        .containsExactly("type", "status", "reason", "message");
  }
}
