package dev.modelsphere.swiss.deploy.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An approval of a plan binds the document it was asked for: whatever the hash leaves out and the
 * write uses is compared too, and each difference is named with what was approved.
 */
class PlanDifferencesTest {

  /** A plan of the shape compose makes, for {@code chat} in {@code models}. */
  static Plan plan() {
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef("chat", "models"),
            new SourceRef(
                "https://models.example.com/index.json",
                "main",
                "",
                "glm-5.3",
                "zai-org/GLM-5.3",
                "1.0.0",
                "sha256:2ddf",
                "vllm-tp1"),
            new ChartRef("vllm", "0.8.0", "https://charts.example.com/", ""),
            "vllm",
            "prod",
            Map.of("catalog", Map.of("replicaCount", 1), "form", Map.of("replicaCount", 2)),
            false,
            "releases: []\n",
            "")
        .withHash();
  }

  @Test
  void theSamePlanDocumentDiffersInNothing() {
    Plan approved = plan();

    assertThat(PlanDifferences.between(plan(), PlanJson.toJson(approved))).isEmpty();
  }

  @Test
  void aPlanComposedAgainWithCreateNamespaceUnderTheSameHashIsNamedWithWhatWasApproved() {
    Plan approved = plan();
    Plan again = approved.withCreateNamespace(true);

    assertThat(again.computeHash()).as("the hash leaves it out").isEqualTo(approved.hash());
    assertThat(PlanDifferences.between(again, PlanJson.toJson(approved)))
        .containsExactly("createNamespace true where false was approved");
  }

  @Test
  void everyMemberTheHashLeavesOutIsComparedAndNamed() {
    Plan approved = plan();
    Plan again =
        approved
            .withProfile("")
            .withEngine("sglang")
            .withSource(approved.source().withCatalogName("mirror").withHf("other/GLM"))
            .withHelmfile("releases: [{name: chat}]\n");

    assertThat(again.computeHash()).isEqualTo(approved.hash());
    assertThat(PlanDifferences.between(again, PlanJson.toJson(approved)))
        .containsExactly(
            "profile (none) where prod was approved",
            "engine sglang where vllm was approved",
            "source.catalogName mirror where main was approved",
            "source.hf other/GLM where zai-org/GLM-5.3 was approved",
            "a helmfile document other than the approved one");
  }

  @Test
  void theSameValuesSplitOtherwiseAcrossLayersAreAnotherDocumentToo() {
    Plan approved = plan();
    Plan again = approved.withLayers(Map.of("form", Map.of("replicaCount", 2)));

    assertThat(again.computeHash()).isEqualTo(approved.hash());
    assertThat(PlanDifferences.between(again, PlanJson.toJson(approved)))
        .containsExactly("layers that split the values otherwise than the approved plan's");
  }

  @Test
  void anApprovalThatRecordedNoDocumentVouchesForNone() {
    assertThat(PlanDifferences.between(plan(), ""))
        .singleElement()
        .asString()
        .contains("never saw", "asked before swiss recorded");
  }
}
