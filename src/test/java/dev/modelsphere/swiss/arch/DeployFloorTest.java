package dev.modelsphere.swiss.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The deploy floor's shape (docs/architecture.md, "The deploy floor"): one package per reason to
 * change, the backends behind their port, the wire form of the API in one package.
 */
class DeployFloorTest {
  private static final String DEPLOY = "dev.modelsphere.swiss.deploy";
  private static final String HELM_BACKEND = DEPLOY + ".helmbackend..";
  private static final String LLMSERVICE_BACKEND = DEPLOY + ".llmservicebackend..";
  private static final String ASSEMBLY = DEPLOY + ".assembly..";
  private static final JavaClasses CLASSES = SwissClasses.MAIN;

  /** Each package of the floor is one slice, the use cases at its top included. */
  private static final SliceAssignment DEPLOY_PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String pkg = javaClass.getPackageName();
          return pkg.equals(DEPLOY) || pkg.startsWith(DEPLOY + ".")
              ? SliceIdentifier.of(pkg)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "the packages under " + DEPLOY;
        }
      };

  @Test
  void noPackagesUnderDeployDependOnEachOtherInACycle() {
    SlicesRuleDefinition.slices()
        .assignedFrom(DEPLOY_PACKAGES)
        .should()
        .beFreeOfCycles()
        .check(CLASSES);
  }

  /** Only the assembly builds a backend; everyone else asks the port which one owns a release. */
  @Test
  void theBackendsAreReachedOnlyThroughThePort() {
    noClasses()
        .that()
        .resideOutsideOfPackages(HELM_BACKEND, LLMSERVICE_BACKEND, ASSEMBLY)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(HELM_BACKEND, LLMSERVICE_BACKEND)
        .check(CLASSES);
  }

  @Test
  void theTwoBackendsDoNotUseEachOther() {
    noClasses()
        .that()
        .resideInAPackage(HELM_BACKEND)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(LLMSERVICE_BACKEND)
        .check(CLASSES);
    noClasses()
        .that()
        .resideInAPackage(LLMSERVICE_BACKEND)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(HELM_BACKEND)
        .check(CLASSES);
  }

  /** The port and write coordination sit below the use cases and the assembly, never above. */
  @Test
  void thePortAndWriteCoordinationUseNothingAboveThem() {
    noClasses()
        .that()
        .resideInAnyPackage(DEPLOY + ".backend..", DEPLOY + ".writes..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(DEPLOY, ASSEMBLY, HELM_BACKEND, LLMSERVICE_BACKEND)
        .check(CLASSES);
  }

  /**
   * A request body or a write's answer is a wire record: it lives in server.api, where a change of
   * it is a change of the HTTP contract, and the use cases take their own inputs.
   */
  @Test
  void noWireRecordLivesOutsideTheServersApiPackage() {
    noClasses()
        .that()
        .resideInAPackage(DEPLOY + "..")
        .should()
        .haveSimpleNameEndingWith("Request")
        .orShould()
        .haveSimpleNameEndingWith("Answers")
        .check(CLASSES);
    noClasses()
        .that()
        .resideInAPackage(DEPLOY + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.modelsphere.swiss.server.api..")
        .check(CLASSES);
  }

  /** Every package says what it holds and what it may use, where a reader opens it first. */
  @Test
  void everyPackageHasAPackageInfo() throws IOException {
    Path root = Path.of("src/main/java");
    List<Path> missing;
    try (Stream<Path> dirs = Files.walk(root)) {
      missing =
          dirs.filter(Files::isDirectory)
              .filter(DeployFloorTest::holdsJava)
              .filter(dir -> !Files.exists(dir.resolve("package-info.java")))
              .map(root::relativize)
              .toList();
    }
    assertThat(missing).as("packages without a package-info.java").isEmpty();
  }

  private static boolean holdsJava(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(file -> file.toString().endsWith(".java"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
