package dev.modelsphere.swiss.canary;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.config.CanaryKeys;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** spec/canary.md §3, rule by rule, on metadata alone. */
class RelationshipsTest {
  static final String NAME = "canary.modelsphere.dev/name";
  static final String NAMESPACE = "canary.modelsphere.dev/namespace";
  static final String ARM = "canary.modelsphere.dev/arm";
  static final String ASSIGNED = "canary.modelsphere.dev/assigned-to";

  private final Relationships relationships = new Relationships(CanaryKeys.defaults());

  private static ObjectMetaBuilder service() {
    return new ObjectMetaBuilder().withNamespace("models").withName("glm").withUid("svc-uid");
  }

  private static OwnerReference canary(
      String apiVersion, String name, String uid, Boolean controller) {
    return new OwnerReferenceBuilder()
        .withApiVersion(apiVersion)
        .withKind("LLMCanary")
        .withName(name)
        .withUid(uid)
        .withController(controller)
        .build();
  }

  private Relationship of(ObjectMeta meta) {
    return relationships.of(meta);
  }

  @Test
  void aServiceWithNoCanaryMetadataIsStandalone() {
    Relationship r = of(service().withLabels(Map.of("app", "glm")).build());
    assertThat(r).isEqualTo(Relationship.STANDALONE);
  }

  @Test
  void aControllerOwnerReferenceWithAUidMakesAVerifiedOwner() {
    Relationship r =
        of(
            service()
                .withOwnerReferences(
                    canary("canary.modelsphere.dev/v1alpha1", "exp-1", "c-uid", true))
                .withLabels(Map.of(NAME, "exp-1", NAMESPACE, "models", ARM, "candidate"))
                .build());
    assertThat(r.canaryState()).isEqualTo(CanaryState.OWNED);
    assertThat(r.managedBy())
        .isEqualTo(
            new CanaryParent(
                "canary.modelsphere.dev/v1alpha1",
                "LLMCanary",
                "models",
                "exp-1",
                "c-uid",
                "candidate",
                true,
                ""));
    assertThat(r.assignedTo()).isNull();
  }

  @Test
  void anyVersionOfTheCanaryGroupCountsButAnotherGroupDoesNot() {
    assertThat(
            of(service()
                    .withOwnerReferences(canary("canary.modelsphere.dev/v2", "e", "u", true))
                    .build())
                .canaryState())
        .isEqualTo(CanaryState.OWNED);
    assertThat(
            of(service()
                    .withOwnerReferences(canary("other.example.com/v1", "e", "u", true))
                    .build())
                .canaryState())
        .isEqualTo(CanaryState.STANDALONE);
  }

  @Test
  void labelOnlyOwnershipIsOwnedButUnverified() {
    Relationship r = of(service().withLabels(Map.of(NAME, "exp-1", NAMESPACE, "lab")).build());
    assertThat(r.canaryState()).isEqualTo(CanaryState.OWNED);
    assertThat(r.managedBy().namespace()).isEqualTo("lab");
    assertThat(r.managedBy().name()).isEqualTo("exp-1");
    assertThat(r.managedBy().kind()).isEqualTo("LLMCanary");
    assertThat(r.managedBy().verified()).isFalse();
    assertThat(r.managedBy().reason()).contains("labels only");
  }

  @Test
  void aMissingOrEmptyNamespaceLabelFallsBackToTheServicesNamespace() {
    assertThat(of(service().withLabels(Map.of(NAME, "exp-1")).build()).managedBy().namespace())
        .isEqualTo("models");
    assertThat(
            of(service().withLabels(Map.of(NAME, "exp-1", NAMESPACE, "")).build())
                .managedBy()
                .namespace())
        .isEqualTo("models");
  }

  @Test
  void anEmptyNameLabelIsStillEvidenceOfOwnership() {
    Relationship r = of(service().withLabels(Map.of(NAME, "")).build());
    assertThat(r.canaryState()).isEqualTo(CanaryState.OWNED);
    assertThat(r.managedBy().verified()).isFalse();
  }

  @Test
  void ownershipWinsOverAssignmentAndTheAssignmentIsStillReported() {
    Relationship r =
        of(
            service()
                .withLabels(Map.of(NAME, "exp-1"))
                .withAnnotations(Map.of(ASSIGNED, "lab/exp-2:baseline"))
                .build());
    assertThat(r.canaryState()).isEqualTo(CanaryState.OWNED);
    assertThat(r.assignedTo())
        .isEqualTo(new CanaryParent("", "", "lab", "exp-2", "", "baseline", true, ""));
  }

  @Test
  void aNonControllerOrUidlessOwnerReferenceIsUnverified() {
    CanaryParent notController =
        of(service()
                .withOwnerReferences(canary("canary.modelsphere.dev/v1alpha1", "e", "u", false))
                .build())
            .managedBy();
    assertThat(notController.verified()).isFalse();
    assertThat(notController.reason()).contains("not the controller");
    CanaryParent noUid =
        of(service()
                .withOwnerReferences(canary("canary.modelsphere.dev/v1alpha1", "e", "", true))
                .build())
            .managedBy();
    assertThat(noUid.verified()).isFalse();
    assertThat(noUid.reason()).contains("no uid");
  }

  @Test
  void withSeveralCanaryOwnersTheControllerIsChosenAndTheOtherMakesItUnverified() {
    CanaryParent parent =
        of(service()
                .withOwnerReferences(
                    canary("canary.modelsphere.dev/v1alpha1", "alpha", "a-uid", false),
                    canary("canary.modelsphere.dev/v1alpha1", "zulu", "z-uid", true))
                .build())
            .managedBy();
    assertThat(parent.name()).isEqualTo("zulu");
    assertThat(parent.verified()).isFalse();
    assertThat(parent.reason()).contains("alpha");
  }

  @Test
  void withoutAControllerTheFirstOwnerInNameOrderIsChosen() {
    CanaryParent parent =
        of(service()
                .withOwnerReferences(
                    canary("canary.modelsphere.dev/v1alpha1", "zulu", "z", false),
                    canary("canary.modelsphere.dev/v1alpha1", "alpha", "a", false))
                .build())
            .managedBy();
    assertThat(parent.name()).isEqualTo("alpha");
  }

  @Test
  void labelsThatDisagreeWithTheOwnerReferenceMakeItUnverified() {
    OwnerReference ref = canary("canary.modelsphere.dev/v1alpha1", "exp-1", "u", true);
    CanaryParent wrongName =
        of(service().withOwnerReferences(ref).withLabels(Map.of(NAME, "exp-9")).build())
            .managedBy();
    assertThat(wrongName.verified()).isFalse();
    assertThat(wrongName.reason()).contains("exp-9");
    CanaryParent wrongNamespace =
        of(service().withOwnerReferences(ref).withLabels(Map.of(NAMESPACE, "lab")).build())
            .managedBy();
    assertThat(wrongNamespace.verified()).isFalse();
    assertThat(wrongNamespace.namespace())
        .as("ownerReferences are namespace-local")
        .isEqualTo("models");
  }

  @Test
  void anAssignmentInTheServicesOwnNamespaceNeedsNoNamespace() {
    Relationship r = of(service().withAnnotations(Map.of(ASSIGNED, "exp-1")).build());
    assertThat(r.canaryState()).isEqualTo(CanaryState.REFERENCED);
    assertThat(r.managedBy()).isNull();
    assertThat(r.assignedTo())
        .isEqualTo(new CanaryParent("", "", "models", "exp-1", "", "", true, ""));
  }

  @Test
  void aMalformedAssignmentStaysReferencedButUnverifiedKeepingWhatParses() {
    Map<String, String> cases =
        Map.of(
            "", "empty",
            "   ", "empty",
            "a/b/c", "more than one '/'",
            "lab/Exp_1", "Exp_1",
            "LAB/exp:arm", "LAB");
    cases.forEach(
        (value, problem) -> {
          Relationship r = of(service().withAnnotations(Map.of(ASSIGNED, value)).build());
          assertThat(r.canaryState()).as(value).isEqualTo(CanaryState.REFERENCED);
          assertThat(r.assignedTo().verified()).as(value).isFalse();
          assertThat(r.assignedTo().reason()).as(value).contains(problem);
        });
    CanaryParent kept =
        of(service().withAnnotations(Map.of(ASSIGNED, "LAB/exp:arm")).build()).assignedTo();
    assertThat(kept.name()).isEqualTo("exp");
    assertThat(kept.arm()).isEqualTo("arm");
  }

  @Test
  void theKeysComeFromConfiguration() {
    CanaryKeys custom =
        new CanaryKeys(
            "exp.example.com",
            "v1",
            "Experiment",
            "experiments",
            "exp/owner",
            null,
            null,
            "exp/lent-to");
    Relationships mine = new Relationships(custom);
    assertThat(mine.of(service().withLabels(Map.of("exp/owner", "e")).build()).canaryState())
        .isEqualTo(CanaryState.OWNED);
    assertThat(mine.of(service().withLabels(Map.of(NAME, "e")).build()).canaryState())
        .isEqualTo(CanaryState.STANDALONE);
    assertThat(mine.of(service().withAnnotations(Map.of("exp/lent-to", "e")).build()).canaryState())
        .isEqualTo(CanaryState.REFERENCED);
  }

  @Test
  void theWireFormSpellsTheStateAndAlwaysWritesVerified() throws Exception {
    Relationship r = of(service().withAnnotations(Map.of(ASSIGNED, "exp-1")).build());
    String json = new ObjectMapper().writeValueAsString(r);
    assertThat(json)
        .isEqualTo(
            "{\"canaryState\":\"referenced\",\"assignedTo\":{\"namespace\":\"models\",\"name\":\"exp-1\",\"verified\":true}}");
  }
}
