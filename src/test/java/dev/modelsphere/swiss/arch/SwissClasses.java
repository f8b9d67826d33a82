package dev.modelsphere.swiss.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * swiss's main classes as ArchUnit reads them, imported once per test JVM: every architecture test
 * checks the same classes, and reading them takes seconds.
 */
final class SwissClasses {
  static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.modelsphere.swiss");

  private SwissClasses() {}
}
