package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.canary.CanaryParent;
import dev.modelsphere.swiss.canary.CanaryState;
import dev.modelsphere.swiss.canary.Relationship;
import dev.modelsphere.swiss.server.http.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deployments answer as the server writes it: the reference's names and omissions. */
class DeploymentsJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  static JsonNode written(Object answer) throws Exception {
    return MAPPER.readTree(Json.text(answer));
  }

  static List<String> fields(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void aBareHelmRowKeepsOnlyTheAlwaysPresentMembers() throws Exception {
    JsonNode row = written(DeploymentRow.of("models", "glm", "helm"));

    assertThat(fields(row))
        .containsExactly("release", "namespace", "revision", "backend", "canaryState");
    assertThat(row.get("revision").asInt()).isZero();
    assertThat(row.get("canaryState").asText()).isEqualTo("standalone");
  }

  @Test
  void aFullLlmServiceRowNamesEveryMemberInTheReferenceOrder() throws Exception {
    CanaryParent owner =
        new CanaryParent(
            "canary.modelsphere.dev/v1alpha1", "LLMCanary", "lab", "exp-2", "u-2", "", true, "");
    CanaryParent lentTo = new CanaryParent("", "", "lab", "exp-1", "", "baseline", false, "why");
    DeploymentRow row =
        new DeploymentRow(
            "glm",
            "models",
            "sglang-0.8.1",
            "deployed",
            3,
            "2026-12-01T08:00:00Z",
            "glm-5.3",
            "h100",
            "sha256:1",
            "default",
            "1.0.0",
            "Applied",
            "clean-up is unfinished",
            "glm",
            "llmsvc",
            true,
            true,
            false,
            new Relationship(CanaryState.OWNED, owner, lentTo),
            "uid-1",
            1,
            2,
            4);

    JsonNode json = written(row);

    assertThat(fields(json))
        .containsExactly(
            "release",
            "namespace",
            "chart",
            "status",
            "revision",
            "updated",
            "model",
            "variant",
            "catalogRef",
            "catalog",
            "version",
            "phase",
            "drift",
            "route",
            "backend",
            "external",
            "cleanupPending",
            "canaryState",
            "managedBy",
            "assignedTo",
            "uid",
            "podsReady",
            "podsTotal",
            "gpus");
    assertThat(fields(json.get("managedBy")))
        .containsExactly("apiVersion", "kind", "namespace", "name", "uid", "verified");
    assertThat(fields(json.get("assignedTo")))
        .containsExactly("namespace", "name", "arm", "verified", "reason");
  }

  @Test
  void theUntrackedMarkAndCountAppearOnlyWhenThereAreUntrackedReleases() throws Exception {
    DeploymentRow untracked = DeploymentRow.of("models", "by-hand", "helm").withUntracked(true);
    JsonNode with =
        written(
            new DeploymentsPage(
                "prod", "", 1, 25, List.of(untracked), new DeploymentsPage.Summary(1, 0, 1)));
    JsonNode without =
        written(
            new DeploymentsPage(
                "prod", "", 1, 25, List.of(), new DeploymentsPage.Summary(0, 0, 0)));

    assertThat(fields(with))
        .containsExactly("cluster", "catalogRef", "page", "perPage", "deployments", "summary");
    assertThat(with.get("catalogRef").asText()).as("present even when empty").isEmpty();
    assertThat(with.get("deployments").get(0).get("untracked").asBoolean()).isTrue();
    assertThat(fields(with.get("summary"))).containsExactly("total", "catalogBehind", "untracked");
    assertThat(fields(without.get("summary"))).containsExactly("total", "catalogBehind");
  }
}
