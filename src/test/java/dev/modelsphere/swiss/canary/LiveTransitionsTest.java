package dev.modelsphere.swiss.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServices;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One LLMService on the real API server moves through standalone, referenced and owned as others
 * change its metadata; swiss reads each state from the live object and changes nothing.
 */
@ClusterTest
class LiveTransitionsTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private final Relationships relationships = new Relationships(CanaryKeys.defaults());
  private Resource<LlmService> service;
  private String uid;

  @BeforeEach
  void createService() {
    Crds.installLlmService(cluster.admin());
    LlmService created =
        cluster.llmServices().resource(LlmServices.sample(cluster.namespace(), "glm")).create();
    uid = created.getMetadata().getUid();
    service = cluster.llmServices().withName("glm");
  }

  /** What another party (a Canary controller, a person) writes; swiss only reads. */
  private Relationship after(Consumer<LlmService> someoneElse) {
    service.edit(
        svc -> {
          someoneElse.accept(svc);
          return svc;
        });
    return relationships.of(service.get().getMetadata());
  }

  @Test
  void oneServiceMovesFromStandaloneToReferencedToOwnedAndBack() {
    assertThat(relationships.of(service.get().getMetadata())).isEqualTo(Relationship.STANDALONE);

    Relationship referenced =
        after(
            svc ->
                svc.getMetadata()
                    .getAnnotations()
                    .put(RelationshipsTest.ASSIGNED, "lab/exp-1:baseline"));
    assertThat(referenced.canaryState()).isEqualTo(CanaryState.REFERENCED);
    assertThat(referenced.assignedTo().verified()).isTrue();

    Relationship owned =
        after(svc -> svc.getMetadata().getLabels().put(RelationshipsTest.NAME, "exp-2"));
    assertThat(owned.canaryState())
        .as("ownership wins over assignment")
        .isEqualTo(CanaryState.OWNED);
    assertThat(owned.managedBy().namespace())
        .as("no namespace label: the service's own namespace")
        .isEqualTo(cluster.namespace());
    assertThat(owned.managedBy().verified()).isFalse();
    assertThat(owned.assignedTo().name()).isEqualTo("exp-1");

    Relationship malformed =
        after(
            svc -> {
              svc.getMetadata().getLabels().remove(RelationshipsTest.NAME);
              svc.getMetadata().getAnnotations().put(RelationshipsTest.ASSIGNED, "a/b/c");
            });
    assertThat(malformed.canaryState()).isEqualTo(CanaryState.REFERENCED);
    assertThat(malformed.assignedTo().verified()).isFalse();

    Relationship released =
        after(svc -> svc.getMetadata().getAnnotations().remove(RelationshipsTest.ASSIGNED));
    assertThat(released).isEqualTo(Relationship.STANDALONE);
    LlmService still = service.get();
    assertThat(still.getMetadata().getUid()).as("nothing was deleted or replaced").isEqualTo(uid);
    assertThat(still.getSpec()).isEqualTo(LlmServices.sample(cluster.namespace(), "glm").getSpec());
  }
}
