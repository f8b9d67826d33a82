package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The rule every path an index names must pass, at parse time and on fetch. */
class SafePathTest {

  @Test
  void pathsInsideTheCatalogPass() {
    for (String path :
        new String[] {
          "models/a/a-1.0.0.yaml", "./models/a.yaml", "models/../other/a.yaml", "a..b/c.yaml"
        }) {
      assertThat(SafePath.check(path)).isEqualTo(path);
    }
  }

  @Test
  void pathsThatLeaveTheCatalogAfterCleaningAreRefused() {
    for (String path : new String[] {"..", "../x.yaml", "models/../../x.yaml", "a/./../../x"}) {
      assertThatThrownBy(() -> SafePath.check(path))
          .isInstanceOf(CatalogException.class)
          .hasMessageContainingAll("\"" + path + "\"", "escapes the catalog");
    }
  }

  @Test
  void absolutePathsAndBackslashesAreRefused() {
    for (String path : new String[] {"/etc/passwd", "models\\a.yaml", "..\\..\\x"}) {
      assertThatThrownBy(() -> SafePath.check(path)).hasMessageContaining("must be relative");
    }
  }

  @Test
  void anEmptyPathIsRefused() {
    assertThatThrownBy(() -> SafePath.check("")).hasMessageContaining("empty path");
    assertThatThrownBy(() -> SafePath.check(null)).hasMessageContaining("empty path");
  }
}
