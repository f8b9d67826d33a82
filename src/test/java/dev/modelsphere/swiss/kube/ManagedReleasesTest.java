package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.testing.FakeApiServer;
import dev.modelsphere.swiss.testing.FakeApiServer.Request;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link Kube#managedReleases} asks for, against a local HTTP server: plan ConfigMap metadata
 * only, one list per namespace. Listing real ConfigMaps is in deploy.UntrackedReleaseTest.
 */
class ManagedReleasesTest {
  private static final String PLAN_CONFIGMAPS =
      """
      {"kind": "PartialObjectMetadataList", "apiVersion": "meta.k8s.io/v1", "items": [
        {"metadata": {"name": "swiss-plan-qwen", "namespace": "models"}},
        {"metadata": {"name": "swiss-plan-", "namespace": "models"}},
        {"metadata": {"name": "settings", "namespace": "models"}}]}
      """;

  @Test
  void eachNamespaceIsListedOnItsOwnForPlanConfigMapMetadataOnly() {
    try (FakeApiServer server = FakeApiServer.answering(200, PLAN_CONFIGMAPS)) {
      new Kube(server.client()).managedReleases(List.of("models", "lab"));

      assertThat(server.requests())
          .extracting(Request::path)
          .containsExactly(
              "/api/v1/namespaces/models/configmaps", "/api/v1/namespaces/lab/configmaps");
      assertThat(server.requests())
          .allSatisfy(
              r -> {
                assertThat(r.query()).contains("labelSelector=app.kubernetes.io/managed-by=swiss");
                assertThat(r.accept()).startsWith("application/json;as=PartialObjectMetadataList;");
              });
    }
  }

  @Test
  void onlyNamesWithThePlanPrefixAndAReleaseAfterItAreReleases() {
    try (FakeApiServer server = FakeApiServer.answering(200, PLAN_CONFIGMAPS)) {
      assertThat(new Kube(server.client()).managedReleases(List.of()))
          .containsExactly(new ReleaseRef("qwen", "models"));
      assertThat(server.requests()).extracting(Request::path).containsExactly("/api/v1/configmaps");
    }
  }

  @Test
  void anEmptyListHasNoReleases() {
    try (FakeApiServer server =
        FakeApiServer.answering(
            200, "{\"kind\": \"PartialObjectMetadataList\", \"apiVersion\": \"meta.k8s.io/v1\"}")) {
      assertThat(new Kube(server.client()).managedReleases(List.of("models"))).isEmpty();
    }
  }
}
