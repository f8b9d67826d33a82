package dev.modelsphere.swiss.llmsvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.RawHttp;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LLMService client against the real API server (backends.md §1.4, §3.5). */
@ClusterTest
class LlmServiceClientTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final Duration DISCOVERY_TIMEOUT = Duration.ofSeconds(30);

  private static String throwawayGroup() {
    return "g"
        + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 24), 36)
        + ".access.test.modelsphere.dev";
  }

  private void create(String name) {
    cluster.llmServices().resource(LlmServices.sample(cluster.namespace(), name)).create();
  }

  @Test
  void llmservicesAreServedOnceOurCrdIsInstalled() {
    assertThat(new LlmServiceClient(cluster.admin()).served()).isTrue();
  }

  @Test
  void aGroupTheServerDoesNotKnowIsNotServedAndNotAnError() {
    LlmServiceClient client =
        new LlmServiceClient(cluster.admin(), throwawayGroup(), LlmService.VERSION);

    assertThat(client.served()).isFalse();
  }

  @Test
  void oneClientSeesTheCrdInstalledAndThenRemovedBecauseItAsksTheServerEachTime() {
    String group = throwawayGroup();
    LlmServiceClient client = new LlmServiceClient(cluster.admin(), group, LlmService.VERSION);
    CustomResourceDefinition crd = Crds.llmServiceIn(group);
    assertThat(client.served()).isFalse();

    Crds.install(cluster.admin(), crd);
    await().atMost(DISCOVERY_TIMEOUT).until(client::served);

    cluster.admin().apiextensions().v1().customResourceDefinitions().resource(crd).delete();
    await().atMost(DISCOVERY_TIMEOUT).until(() -> !client.served());
  }

  @Test
  void anotherResourceInTheGroupDoesNotMakeLlmservicesServed() {
    String group = throwawayGroup();
    CustomResourceDefinition widgets = Crds.llmService();
    widgets.getSpec().setGroup(group);
    widgets.getSpec().getNames().setPlural("widgets");
    widgets.getSpec().getNames().setSingular("widget");
    widgets.getSpec().getNames().setKind("Widget");
    widgets.getSpec().getNames().setListKind("WidgetList");
    widgets.getSpec().getNames().setShortNames(List.of());
    widgets.getMetadata().setName("widgets." + group);
    Crds.install(cluster.admin(), widgets);
    try {
      await()
          .atMost(DISCOVERY_TIMEOUT)
          .until(
              () ->
                  RawHttp.get(cluster.admin(), "/apis/" + group + "/" + LlmService.VERSION)
                      .body()
                      .contains("\"name\":\"widgets\""));
      LlmServiceClient client = new LlmServiceClient(cluster.admin(), group, LlmService.VERSION);

      assertThat(client.served()).isFalse();
    } finally {
      cluster.admin().apiextensions().v1().customResourceDefinitions().resource(widgets).delete();
    }
  }

  @Test
  void anUnreachableApiServerIsADiscoveryErrorNotAnUnservedApi() throws Exception {
    try (KubernetesClient unreachable = UnreachableApiServer.client()) {
      LlmServiceClient client = new LlmServiceClient(unreachable);

      assertThatThrownBy(client::served)
          .isInstanceOf(LlmServiceException.class)
          .isNotInstanceOf(LlmServiceForbiddenException.class)
          .hasMessageContaining(LlmService.GROUP + "/" + LlmService.VERSION);
    }
  }

  @Test
  void getFindsAnExistingLlmServiceAndAnswersEmptyForAMissingOne() {
    create("glm-53");
    LlmServiceClient client = new LlmServiceClient(cluster.admin());

    assertThat(client.get(cluster.namespace(), "glm-53"))
        .hasValueSatisfying(s -> assertThat(s.getMetadata().getName()).isEqualTo("glm-53"));
    assertThat(client.get(cluster.namespace(), "absent")).isEmpty();
  }

  @Test
  void listIsSortedByNameWithinANamespaceAndClusterWideWhenNoNamespaceIsGiven() {
    create("zeta");
    create("alpha");
    LlmServiceClient client = new LlmServiceClient(cluster.admin());

    assertThat(client.list(List.of(cluster.namespace())))
        .extracting(s -> s.getMetadata().getName())
        .containsExactly("alpha", "zeta");
    assertThat(client.list(List.of()))
        .filteredOn(s -> s.getMetadata().getNamespace().equals(cluster.namespace()))
        .extracting(s -> s.getMetadata().getName())
        .containsExactly("alpha", "zeta");
  }

  @Test
  void aUserWithoutAnLlmservicesGrantGetsTheForbiddenTypeFromGet() {
    create("glm-53");
    LlmServiceClient client = new LlmServiceClient(cluster.restricted());

    assertThatThrownBy(() -> client.get(cluster.namespace(), "glm-53"))
        .isInstanceOf(LlmServiceForbiddenException.class)
        .hasMessageContaining(cluster.namespace() + "/glm-53")
        .hasMessageContaining("403");
  }

  @Test
  void aUserWithoutAnLlmservicesGrantGetsTheForbiddenTypeFromEveryList() {
    LlmServiceClient client = new LlmServiceClient(cluster.restricted());

    assertThatThrownBy(() -> client.list(List.of(cluster.namespace())))
        .isInstanceOf(LlmServiceForbiddenException.class)
        .hasMessageContaining("list llmservices in namespace " + cluster.namespace());
    assertThatThrownBy(() -> client.list(List.of()))
        .isInstanceOf(LlmServiceForbiddenException.class)
        .hasMessageContaining("all namespaces");
  }

  @Test
  void discoveryIsOpenToAUserWithoutAnLlmservicesGrant() {
    // Why the Forbidden cache exists: discovery alone says "served" to a user who may not read.
    assertThat(new LlmServiceClient(cluster.restricted()).served()).isTrue();
  }
}
