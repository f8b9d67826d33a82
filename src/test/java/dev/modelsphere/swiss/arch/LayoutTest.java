package dev.modelsphere.swiss.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The package layout of spec/decisions.md: composing a plan touches no cluster. */
class LayoutTest {
  private static final String ROOT = "dev.modelsphere.swiss";
  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

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
            "io.fabric8..",
            "com.marcnuri..")
        .check(CLASSES);
  }

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

  private static String core(String pkg) {
    return ROOT + "." + pkg + "..";
  }
}
