package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.sitestate.GpuNode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of turning a request into a plan, on the use case itself: the site wired as {@code
 * swiss serve} wires it (our demo catalog, a profile file that reaches our example charts), and
 * deployed releases read from the test cluster, where the fromRelease cases install theirs first.
 */
@ClusterTest
class PlanComposerTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "smollm3-3b";

  /** smollm3-3b's second variant: two GPUs, listed for one product. */
  private static final String TWO_GPUS = "sglang-tp2";

  private static final String LISTED_PRODUCT = "NVIDIA-H100-80GB-HBM3";
  private static final String UNLISTED_PRODUCT = "NVIDIA-A100-SXM4-80GB";

  @TempDir Path dir;

  /** The nodes the GPU-product check sees; a test adds the ones its cluster has. */
  private final List<GpuNode> gpuNodes = new CopyOnWriteArrayList<>();

  private PlanComposer composer;

  @BeforeEach
  void wireTheSite() {
    composer =
        DemoSite.composer(
            dir,
            cluster,
            DemoSite.exampleCharts(),
            new GpuProductCheck(() -> List.copyOf(gpuNodes)));
  }

  /** A request with every member empty, for a test to fill in what its rule is about. */
  private static Request request() {
    return new Request();
  }

  private Plan compose(Request request) {
    return composer.compose(request.build()).plan();
  }

  private void refused(Request request, ErrorKind kind, String... named) {
    ThrowingCallable compose = () -> composer.compose(request.build());
    assertThatThrownBy(compose)
        .isInstanceOfSatisfying(DeployException.class, e -> assertThat(e.kind()).isEqualTo(kind))
        .hasMessageContainingAll(named);
  }

  /** Composes {@code request} and installs the plan on the test cluster, as swiss would. */
  private Plan install(Request request) {
    Plan plan = compose(request);
    cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install());
    return plan;
  }

  // -- what a request must name --

  @Test
  void aRequestWithoutAModelIsInvalid() {
    refused(request().namespace(cluster.namespace()), ErrorKind.INVALID, "model is required");
  }

  @Test
  void reuseSourceWithoutFromReleaseIsInvalid() {
    refused(
        request().namespace(cluster.namespace()).reuseSource(), ErrorKind.INVALID, "fromRelease");
  }

  @Test
  void reuseSourceOfAReleaseThatIsNotThereIsNotFound() {
    refused(
        request().fromRelease("ghost").namespace(cluster.namespace()).reuseSource(),
        ErrorKind.NOT_FOUND,
        "ghost");
  }

  // -- the release name --

  @Test
  void theReleaseIsNamedAfterTheServiceIdWhenTheRequestNamesNoRelease() {
    Plan plan = compose(request().model(MODEL).namespace(cluster.namespace()).serviceId("chat"));

    assertThat(plan.release().name()).isEqualTo("chat");
  }

  @Test
  void theReleaseIsNamedAfterTheModelWhenTheRequestNamesNeitherReleaseNorServiceId() {
    Plan plan = compose(request().model(MODEL).namespace(cluster.namespace()));

    assertThat(plan.release().name()).isEqualTo(MODEL);
  }

  @Test
  void aReleaseTheRequestNamesWinsOverItsServiceId() {
    Plan plan =
        compose(
            request().model(MODEL).namespace(cluster.namespace()).release("r1").serviceId("chat"));

    assertThat(plan.release().name()).isEqualTo("r1");
  }

  @Test
  void aDottedModelIsReleasedUnderItsNameWithDashesForDots() {
    Plan plan = compose(request().model("granite-3.3-8b").namespace(cluster.namespace()));

    assertThat(plan.release().name()).isEqualTo("granite-3-3-8b");
  }

  @Test
  void aDottedServiceIdNamesTheReleaseWithDashesAndStaysTheServiceId() {
    Plan plan = compose(request().model(MODEL).namespace(cluster.namespace()).serviceId("chat.v2"));

    assertThat(plan.release().name()).isEqualTo("chat-v2");
    assertThat(plan.values()).containsEntry("serviceId", "chat.v2");
  }

  @Test
  void aReleaseTheRequestNamesThatNoChartCanNameAServiceAfterIsRefusedNamingTheRule() {
    refused(
        request().model(MODEL).namespace(cluster.namespace()).release("granite-3.3-8b"),
        ErrorKind.INVALID,
        "\"granite-3.3-8b\"",
        "release name rule",
        "granite-3-3-8b");
  }

  // -- GPU products --

  @Test
  void aGpuProductTheVariantListsIsTakenWithoutWarnings() {
    PlanComposer.Composed composed =
        composer.compose(
            request()
                .model(MODEL)
                .variant(TWO_GPUS)
                .namespace(cluster.namespace())
                .gpuProducts(LISTED_PRODUCT)
                .build());

    assertThat(composed.warnings()).isEmpty();
  }

  @Test
  void aGpuProductTheVariantDoesNotListIsInvalid() {
    gpuNodes.add(new GpuNode("gpu-1", UNLISTED_PRODUCT, "nvidia.com/gpu", 8));

    refused(
        request()
            .model(MODEL)
            .variant(TWO_GPUS)
            .namespace(cluster.namespace())
            .gpuProducts(UNLISTED_PRODUCT),
        ErrorKind.INVALID,
        UNLISTED_PRODUCT,
        LISTED_PRODUCT,
        "forceGpuProducts");
  }

  @Test
  void aForcedGpuProductTheClusterHasIsTakenWithAWarningNamingIt() {
    gpuNodes.add(new GpuNode("gpu-1", UNLISTED_PRODUCT, "nvidia.com/gpu", 8));

    PlanComposer.Composed composed =
        composer.compose(
            request()
                .model(MODEL)
                .variant(TWO_GPUS)
                .namespace(cluster.namespace())
                .gpuProducts(UNLISTED_PRODUCT)
                .forceGpuProducts()
                .build());

    assertThat(composed.warnings()).singleElement().asString().contains(UNLISTED_PRODUCT);
    assertThat(composed.plan().source().variant()).isEqualTo(TWO_GPUS);
  }

  @Test
  void aForcedGpuProductThisClusterDoesNotHaveIsStillInvalid() {
    refused(
        request()
            .model(MODEL)
            .variant(TWO_GPUS)
            .namespace(cluster.namespace())
            .gpuProducts(UNLISTED_PRODUCT)
            .forceGpuProducts(),
        ErrorKind.INVALID,
        UNLISTED_PRODUCT,
        "not on this cluster");
  }

  // -- upgrades: fromRelease --

  /** The release the upgrade tests start from: a variant, a form and edits of its own. */
  private Plan installChat() {
    return install(
        request()
            .model(MODEL)
            .variant(TWO_GPUS)
            .namespace(cluster.namespace())
            .release("chat")
            .serviceId("chat-svc")
            .overrides(Map.of("replicaCount", 2))
            .editsYaml("podLabels: {team: search}\n"));
  }

  @Test
  void aBareUpgradeCarriesTheDeployedModelVariantFormAndEditsForward() {
    Plan deployed = installChat();

    Plan upgrade = compose(request().fromRelease("chat").namespace(cluster.namespace()));

    assertThat(upgrade.release()).isEqualTo(deployed.release());
    assertThat(upgrade.source().model()).isEqualTo(MODEL);
    assertThat(upgrade.source().variant()).isEqualTo(TWO_GPUS);
    assertThat(upgrade.layer("form"))
        .containsEntry("replicaCount", 2L)
        .containsEntry("serviceId", "chat-svc")
        .hasSameSizeAs(deployed.layer("form"));
    assertThat(upgrade.layer("edit")).isEqualTo(deployed.layer("edit")).isNotEmpty();
    assertThat(upgrade.hash()).as("the same plan as deployed").isEqualTo(deployed.hash());
  }

  @Test
  void anUpgradeWithAFormMergesItOverTheDeployedFormAndTakesOnlyItsOwnEdits() {
    installChat();

    Plan upgrade =
        compose(
            request()
                .fromRelease("chat")
                .namespace(cluster.namespace())
                .overrides(Map.of("replicaCount", 3)));

    assertThat(upgrade.source().variant()).isEqualTo(TWO_GPUS);
    assertThat(upgrade.layer("form"))
        .containsEntry("replicaCount", 3)
        .containsEntry("serviceId", "chat-svc");
    assertThat(upgrade.layer("edit")).isEmpty();
  }

  @Test
  void anUpgradeMayNameAnotherVariantOfTheDeployedModel() {
    installChat();

    Plan upgrade =
        compose(request().fromRelease("chat").namespace(cluster.namespace()).variant("sglang-tp1"));

    assertThat(upgrade.source().model()).isEqualTo(MODEL);
    assertThat(upgrade.source().variant()).isEqualTo("sglang-tp1");
  }

  @Test
  void theServiceIdCannotChangeOnAnUpgrade() {
    installChat();

    refused(
        request()
            .fromRelease("chat")
            .namespace(cluster.namespace())
            .serviceId("other-svc")
            .overrides(Map.of("replicaCount", 1)),
        ErrorKind.INVALID,
        "serviceId cannot change",
        "chat-svc",
        "other-svc");
  }

  @Test
  void anUpgradeMayRepeatTheServiceIdTheReleaseRunsUnder() {
    installChat();

    Plan upgrade =
        compose(
            request()
                .fromRelease("chat")
                .namespace(cluster.namespace())
                .serviceId("chat-svc")
                .overrides(Map.of("replicaCount", 3)));

    assertThat(upgrade.layer("form")).containsEntry("serviceId", "chat-svc");
  }

  @Test
  void aReleaseInstalledWithoutServiceIdRunsUnderItsNameWhichAnUpgradeMayRepeat() {
    install(request().model(MODEL).namespace(cluster.namespace()).release("plain"));

    Plan upgrade =
        compose(
            request()
                .fromRelease("plain")
                .namespace(cluster.namespace())
                .serviceId("plain")
                .overrides(Map.of("replicaCount", 1)));
    assertThat(upgrade.release().name()).isEqualTo("plain");
    refused(
        request()
            .fromRelease("plain")
            .namespace(cluster.namespace())
            .serviceId("renamed")
            .overrides(Map.of("replicaCount", 1)),
        ErrorKind.INVALID,
        "serviceId cannot change");
  }

  @Test
  void anUpgradeOfAReleaseThatIsNotThereIsInvalidNamingIt() {
    refused(
        request().fromRelease("ghost").namespace(cluster.namespace()), ErrorKind.INVALID, "ghost");
  }

  // -- reuseSource --

  @Test
  void reuseSourceStartsFromTheLivePlanAndAppliesTheRequestsFormOverIt() {
    Plan deployed = installChat();

    Plan reused =
        compose(
            request()
                .fromRelease("chat")
                .namespace(cluster.namespace())
                .reuseSource()
                .overrides(Map.of("replicaCount", 4)));

    assertThat(reused.release()).isEqualTo(deployed.release());
    assertThat(reused.source()).isEqualTo(deployed.source());
    assertThat(reused.layer("form")).containsEntry("replicaCount", 4);
  }

  /** The members of a {@link PlanInput} a test sets, every other one empty. */
  private static final class Request {
    private String fromRelease = "";
    private String model = "";
    private String variant = "";
    private String release = "";
    private String namespace = "";
    private String serviceId = "";
    private List<String> gpuProducts = List.of();
    private boolean forceGpuProducts;
    private Map<String, Object> overrides;
    private String editsYaml = "";
    private boolean reuseSource;

    Request fromRelease(String value) {
      fromRelease = value;
      return this;
    }

    Request model(String value) {
      model = value;
      return this;
    }

    Request variant(String value) {
      variant = value;
      return this;
    }

    Request release(String value) {
      release = value;
      return this;
    }

    Request namespace(String value) {
      namespace = value;
      return this;
    }

    Request serviceId(String value) {
      serviceId = value;
      return this;
    }

    Request gpuProducts(String... values) {
      gpuProducts = List.of(values);
      return this;
    }

    Request forceGpuProducts() {
      forceGpuProducts = true;
      return this;
    }

    Request overrides(Map<String, Object> value) {
      overrides = value;
      return this;
    }

    Request editsYaml(String value) {
      editsYaml = value;
      return this;
    }

    Request reuseSource() {
      reuseSource = true;
      return this;
    }

    PlanInput build() {
      return new PlanInput(
          fromRelease,
          "",
          model,
          "",
          variant,
          release,
          namespace,
          serviceId,
          "",
          gpuProducts,
          forceGpuProducts,
          overrides,
          "",
          editsYaml,
          false,
          "",
          "",
          reuseSource);
    }
  }
}
