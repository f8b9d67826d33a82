package dev.modelsphere.swiss.cluster;

import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.RawHttp;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Discovery follows CRD installation. Removing a CRD is cluster-wide and would delete every
 * LLMService other tests own, so the removal half uses a copy of our CRD under a throwaway group;
 * the real group is only ever installed, never removed, by tests.
 */
@ClusterTest
class CrdDiscoveryTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration DISCOVERY_TIMEOUT = Duration.ofSeconds(90);

  @Test
  void discoveryListsLlmservicesInServingModelsphereDevV1alpha1OnceTheCrdIsInstalled() {
    Crds.installLlmService(cluster.admin());

    await().atMost(DISCOVERY_TIMEOUT).until(() -> discoveryLists(LlmService.GROUP, "llmservices"));
  }

  /**
   * A CRD goes only after the API server has removed its objects (its clean-up finalizer), which on
   * a busy machine has taken more than 30 s: the wait is generous, the behaviour the same.
   */
  @Test
  void discoveryStopsListingTheResourceOnceItsCrdIsRemoved() {
    String group =
        "d"
            + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 24), 36)
            + ".discovery.test.modelsphere.dev";
    CustomResourceDefinition crd = Crds.llmServiceIn(group);
    Crds.install(cluster.admin(), crd);
    await().atMost(DISCOVERY_TIMEOUT).until(() -> discoveryLists(group, "llmservices"));

    cluster.admin().apiextensions().v1().customResourceDefinitions().resource(crd).delete();

    await().atMost(DISCOVERY_TIMEOUT).until(() -> !discoveryLists(group, "llmservices"));
  }

  /** Asks the server directly each time: a client-side discovery cache would hide the change. */
  private static boolean discoveryLists(String group, String plural) {
    RawHttp.Response r = RawHttp.get(cluster.admin(), "/apis/" + group + "/" + LlmService.VERSION);
    return r.code() == 200 && r.body().contains("\"name\":\"" + plural + "\"");
  }
}
