package dev.modelsphere.swiss.compose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.EveryFixtureVariant;
import dev.modelsphere.swiss.testing.GoProgram;
import dev.modelsphere.swiss.testing.SharedFixtures;
import dev.modelsphere.swiss.values.Tree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plans cross between swiss and the Go reference in both directions: {@code src/test/go/planhash}
 * decodes plans and computes their hash as the reference does, and writes plans the way the
 * reference does. A plan one side wrote and the other refused would be an "edited" plan to it.
 */
class GoReferenceHashTest {
  private static final GoProgram PLANHASH = GoProgram.named("planhash");
  private static final Map<String, Object> FORM =
      Map.of("replicaCount", 2L, "gpuMemoryUtilization", 0.85, "serviceId", "svc-7");

  /**
   * {@code source.catalog} is hashed, and the fixtures' real location depends on where the checkout
   * lives; the kept vector must not, so every plan here records one fixed location.
   */
  private static final String STABLE_LOCATION =
      "https://catalog.example.test/model-catalog/index.json";

  private static Map<String, Plan> composed;

  @BeforeAll
  static void composeEveryVariant() {
    Catalog catalog = Catalog.open(SharedFixtures.modelCatalog().toString());
    Profile profile = Profile.parse(FixtureCatalogComposeTest.SITE, "test-site");
    composed = new TreeMap<>();
    for (ComposeRequest req : EveryFixtureVariant.requests(catalog, profile, FORM)) {
      String name =
          "%s_%s_%s".formatted(req.entry().name(), req.entry().version(), req.variant().id());
      composed.put(name, Composer.compose(req.withCatalogLocation(STABLE_LOCATION)));
    }
  }

  @Test
  void theReferenceComputesTheSameHashForEveryFixturePlanSwissComposes(@TempDir Path dir)
      throws IOException {
    writePlans(dir);

    Map<String, String> goHashes = hashesByName(PLANHASH.run("verify", dir.toString()));

    assertThat(composed).hasSizeGreaterThan(30);
    assertThat(goHashes).isEqualTo(swissHashes());
  }

  /**
   * Composing and hashing must not drift between runs or releases: the kept vector is what the Go
   * program computed for these plans. When composing changes on purpose, regenerate it with {@code
   * mvn test -Dtest=GoReferenceHashTest -Dswiss.regenerateVectors=true} and review the diff.
   */
  @Test
  void everyFixturePlanHashesToTheVectorTheReferenceComputed(@TempDir Path dir) throws IOException {
    Path vector = PLANHASH.dir().resolve("fixture-hashes.txt");
    if (Boolean.getBoolean("swiss.regenerateVectors")) {
      writePlans(dir);
      Files.writeString(vector, PLANHASH.run("verify", dir.toString()), StandardCharsets.UTF_8);
    }

    assertThat(swissHashes())
        .as("the hashes kept in %s", vector)
        .isEqualTo(hashesByName(Files.readString(vector, StandardCharsets.UTF_8)));
  }

  @Test
  void plansTheReferenceWritesVerifyInSwiss(@TempDir Path dir) throws IOException {
    Path in = Files.createDirectory(dir.resolve("in"));
    Path out = Files.createDirectory(dir.resolve("out"));
    writePlans(in);

    PLANHASH.run("rewrite", in.toString(), out.toString());

    for (var entry : composed.entrySet()) {
      Path file = out.resolve(entry.getKey() + ".json");
      Plan written = PlanJson.fromJson(file.toString(), Files.readString(file));
      written.verifyHash();
      assertThat(written.hash()).as(entry.getKey()).isNotEqualTo(entry.getValue().hash());
      assertThat(Tree.get(written.values(), "podLabels.written-by").value())
          .isEqualTo("go-reference");
      assertThat(written.source().hf()).isEqualTo(entry.getValue().source().hf());
    }
  }

  @Test
  void aPlanEditedAfterSwissComposedItIsRefusedByTheReference(@TempDir Path dir)
      throws IOException {
    Plan plan = composed.values().iterator().next();
    String json = PlanJson.toJson(plan).replace("\"replicaCount\": 2", "\"replicaCount\": 3");
    Files.writeString(dir.resolve("edited.json"), json);

    GoProgram.Result result = PLANHASH.runAllowingFailure("verify", dir.toString());

    assertThat(json).contains("\"replicaCount\": 3");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr()).contains("hash mismatch").contains("edited");
  }

  private static void writePlans(Path dir) throws IOException {
    for (var entry : composed.entrySet()) {
      Files.writeString(dir.resolve(entry.getKey() + ".json"), PlanJson.toJson(entry.getValue()));
    }
  }

  private static Map<String, String> swissHashes() {
    return composed.entrySet().stream()
        .collect(
            Collectors.toMap(
                Map.Entry::getKey, e -> e.getValue().hash(), (a, b) -> a, TreeMap::new));
  }

  /** Lines of {@code <name> <hash>}, as the planhash program prints them. */
  private static Map<String, String> hashesByName(String lines) {
    Map<String, String> out = new TreeMap<>();
    for (String line : lines.lines().filter(l -> !l.isBlank()).toList()) {
      List<String> parts = List.of(line.split(" "));
      out.put(parts.get(0), parts.get(1));
    }
    return out;
  }
}
