package dev.modelsphere.swiss.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The package layout of spec/decisions.md: composing a plan touches no cluster. */
class LayoutTest {
  private static final String ROOT = "dev.modelsphere.swiss";
  private static final JavaClasses CLASSES = SwissClasses.MAIN;

  /** The packages of decisions.md ("Layout"), one per job; each may have sub-packages. */
  private static final List<String> LAYOUT =
      List.of(
          "values",
          "catalog",
          "chartrepo",
          "site",
          "compose",
          "plan",
          "config",
          "helm",
          "kube",
          "llmsvc",
          "canary",
          "sitestate",
          "deploy",
          "store",
          "server",
          "cli",
          // The kinds of failure every package shares (architecture.md, "Errors and exit codes").
          "error");

  /**
   * The rules below are written per package of the layout, so a class outside them is checked by
   * none: a new package joins decisions.md's layout, and these rules, first.
   */
  @Test
  void everyClassLivesInOneOfTheLayoutsPackages() {
    classes()
        .should()
        .resideInAnyPackage(LAYOUT.stream().map(LayoutTest::core).toArray(String[]::new))
        .because("decisions.md (Layout) gives every class of swiss one of its packages")
        .check(CLASSES);
  }

  @Test
  void theCorePackagesDependOnNoClusterHelmServerOrStore() {
    noClasses()
        .that()
        .resideInAnyPackage(
            core("values"),
            core("catalog"),
            core("chartrepo"),
            core("site"),
            core("compose"),
            core("plan"),
            core("config"))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            core("kube"),
            core("helm"),
            core("server"),
            core("store"),
            core("deploy"),
            core("llmsvc"),
            core("sitestate"),
            "io.fabric8..",
            "com.sun.jna..")
        .check(CLASSES);
  }

  /** The command line sits on top of everything; the server may use all but it. */
  @Test
  void nothingButTheCommandLineDependsOnTheCommandLine() {
    noClasses()
        .that()
        .resideOutsideOfPackage(core("cli"))
        .should()
        .dependOnClassesThat()
        .resideInAPackage(core("cli"))
        .check(CLASSES);
  }

  /**
   * kube is cluster reads and writes: every other outer package builds on it, never the reverse.
   */
  @Test
  void kubeUsesNoOtherOuterPackage() {
    forbid("kube", "helm", "llmsvc", "canary", "deploy", "sitestate", "store", "server", "cli");
  }

  /** The two backends stand side by side: only deploy chooses between them. */
  @Test
  void helmAndLlmsvcDoNotUseEachOtherOrAnythingAboveThem() {
    forbid("helm", "llmsvc", "canary", "deploy", "store", "server");
    forbid("llmsvc", "helm", "canary", "deploy", "store", "server");
  }

  /** Canary relationships are read off object metadata; they deploy and record nothing. */
  @Test
  void canaryUsesNoBackendAndNothingAboveThem() {
    forbid("canary", "helm", "llmsvc", "deploy", "store", "server");
  }

  /** The kinds of failure sit below every package, so any of them can say what went wrong. */
  @Test
  void theErrorKindsUseNoOtherPackageOfSwiss() {
    forbid("error", LAYOUT.stream().filter(pkg -> !pkg.equals("error")).toArray(String[]::new));
  }

  /**
   * deploy holds the use cases both front ends call, recording each write in the audit log, so it
   * may use the store; it must know nothing of either front end.
   */
  @Test
  void deployUsesNeitherFrontEnd() {
    forbid("deploy", "server", "cli");
  }

  /**
   * The store keeps the audit log and staged plans. It is handed what to record, so it needs no
   * deploy orchestration, and it serves the server, never the other way round.
   */
  @Test
  void theStoreUsesNoDeployOrchestrationServerOrCommandLine() {
    forbid("store", "deploy", "server", "cli");
  }

  /**
   * The site as the server sees it reads the cluster, the catalogs and the profile; it computes
   * answers and deploys nothing, so it needs no backend, and the server builds on it.
   */
  @Test
  void theSiteStateUsesNoBackendDeployStoreServerOrCommandLine() {
    forbid("sitestate", "helm", "deploy", "store", "server", "cli");
  }

  private static void forbid(String pkg, String... others) {
    noClasses()
        .that()
        .resideInAPackage(core(pkg))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(Arrays.stream(others).map(LayoutTest::core).toArray(String[]::new))
        .check(CLASSES);
  }

  private static String core(String pkg) {
    return ROOT + "." + pkg + "..";
  }
}
