package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.chartrepo.RepoException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChartVersionSpecTest {

  private static final ChartVersionLister MUST_NOT_LIST =
      () -> {
        throw new AssertionError("the repository must not be listed");
      };

  @Test
  void aSpecReadBeforeIsNotReadAgainAndAMalformedOneIsRefusedEachTime() {
    ChartVersionSpec first = ChartVersionSpec.parse(">=0.7.1 <0.9.0 || ^1.2.0");

    assertThat(ChartVersionSpec.parse("  >=0.7.1 <0.9.0 || ^1.2.0 ")).isSameAs(first);
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> ChartVersionSpec.parse(">=0.7.1 ||"))
          .isInstanceOf(ChartVersionException.class)
          .hasMessageContaining("is neither a version nor a range");
    }
  }

  // --- catalog/chart_test.go: ChartVersionIsAVersionOrARange

  @Test
  void aChartVersionIsAVersionOrARange() {
    for (String spec : List.of("0.7.1", ">=0.7.1", "^0.7.1", "~0.7.1", ">=0.7.1 <0.9.0")) {
      assertThat(ChartVersionSpec.parse(spec).toString()).isEqualTo(spec);
    }
    for (String notOne : List.of("", "latest")) {
      assertThatThrownBy(() -> ChartVersionSpec.parse(notOne))
          .isInstanceOf(ChartVersionException.class);
    }
  }

  // --- chart/version_test.go: ABareVersionIsExact

  @Test
  void aBareVersionIsExactAndAllowsOnlyItself() {
    ChartVersionSpec spec = ChartVersionSpec.parse("0.7.1");

    assertThat(spec.isExact()).isTrue();
    assertThat(spec.exact()).isEqualTo("0.7.1");
    assertThat(spec.allows("0.7.1")).isTrue();
    assertThat(spec.allows("0.7.2")).isFalse();
    assertThat(spec.allows("0.7.0")).isFalse();
  }

  @Test
  void aRangeHasNoExactVersion() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");

    assertThat(spec.isExact()).isFalse();
    assertThat(spec.exact()).isNull();
  }

  @Test
  void aVersionWithAPrefixOrMissingPartsIsARangeNotExact() {
    assertThat(ChartVersionSpec.parse("v0.7.1").isExact()).isFalse();
    assertThat(ChartVersionSpec.parse("0.7").isExact()).isFalse();
    assertThat(ChartVersionSpec.parse("v0.7.1").allows("0.7.1")).isTrue();
    assertThat(ChartVersionSpec.parse("0.7").match(List.of("0.6.9", "0.7.0", "0.7.5", "0.8.0")))
        .containsExactly("0.7.5", "0.7.0");
  }

  @Test
  void surroundingWhitespaceIsIgnored() {
    ChartVersionSpec spec = ChartVersionSpec.parse("  0.7.1\n");

    assertThat(spec.toString()).isEqualTo("0.7.1");
    assertThat(spec.exact()).isEqualTo("0.7.1");
  }

  @Test
  void leadingZerosAreReadAsMastermindsReadsThemAsARangeNotAnExactVersion() {
    ChartVersionSpec spec = ChartVersionSpec.parse("00.7.1");

    assertThat(spec.isExact()).isFalse();
    assertThat(spec.allows("0.7.1")).isTrue();
    assertThat(spec.allows("0.7.2")).isFalse();
    assertThat(
            ChartVersionSpec.parse(">=0.07.01 <1.0.0-0").match(List.of("0.7.0", "0.7.1", "0.9.0")))
        .containsExactly("0.9.0", "0.7.1");
  }

  // --- chart/version_test.go: ParseSpecRefusesWhatIsNotAVersion

  @Test
  void anEmptySpecIsRefusedAsNoChartVersion() {
    assertThatThrownBy(() -> ChartVersionSpec.parse("  "))
        .isInstanceOf(ChartVersionException.class)
        .hasMessageContaining("no chart version");
    assertThatThrownBy(() -> ChartVersionSpec.parse(null)).hasMessageContaining("no chart version");
  }

  @Test
  void whatIsNeitherAVersionNorARangeIsRefusedNamingIt() {
    for (String notOne :
        List.of("latest", ">=banana", "0.7.1.5", ">=0.7.1 ||", "=>", "1.0 latest")) {
      assertThatThrownBy(() -> ChartVersionSpec.parse(notOne))
          .as(notOne)
          .isInstanceOf(ChartVersionException.class)
          .hasMessageContaining("\"" + notOne + "\"")
          .hasMessageContaining("neither a version nor a range");
    }
  }

  // --- ranges: Masterminds semantics

  @Test
  void caretAndTildeOnAZeroMajorStayWithinTheMinor() {
    List<String> have = List.of("0.7.0", "0.7.1", "0.7.9", "0.8.0", "1.0.0");

    assertThat(ChartVersionSpec.parse("^0.7.1").match(have)).containsExactly("0.7.9", "0.7.1");
    assertThat(ChartVersionSpec.parse("~0.7.1").match(have)).containsExactly("0.7.9", "0.7.1");
  }

  @Test
  void caretOnANonZeroMajorStaysWithinTheMajorAndTildeWithinTheMinor() {
    List<String> have = List.of("1.2.2", "1.2.3", "1.2.9", "1.3.0", "1.9.0", "2.0.0");

    assertThat(ChartVersionSpec.parse("^1.2.3").match(have))
        .containsExactly("1.9.0", "1.3.0", "1.2.9", "1.2.3");
    assertThat(ChartVersionSpec.parse("~1.2.3").match(have)).containsExactly("1.2.9", "1.2.3");
    assertThat(ChartVersionSpec.parse("~>1.2.3").match(have)).containsExactly("1.2.9", "1.2.3");
  }

  @Test
  void spaceAndCommaBothMeanAnd() {
    List<String> have = List.of("0.7.0", "0.7.1", "0.8.1", "0.9.0");

    assertThat(ChartVersionSpec.parse(">=0.7.1 <0.9.0").match(have))
        .containsExactly("0.8.1", "0.7.1");
    assertThat(ChartVersionSpec.parse(">=0.7.1, <0.9.0").match(have))
        .containsExactly("0.8.1", "0.7.1");
    assertThat(ChartVersionSpec.parse(">= 0.7.1,<0.9.0").match(have))
        .containsExactly("0.8.1", "0.7.1");
  }

  @Test
  void aCaretOrTildeCombinedWithAnotherComparatorKeepsBoth() {
    // semver4j alone drops the ^ in "^0.7.1 <0.7.5"; both must hold.
    List<String> have = List.of("0.6.0", "0.7.1", "0.7.4", "0.7.5", "0.8.0");

    assertThat(ChartVersionSpec.parse("^0.7.1 <0.7.5").match(have))
        .containsExactly("0.7.4", "0.7.1");
    assertThat(ChartVersionSpec.parse("<0.7.5 ~0.7.1").match(have))
        .containsExactly("0.7.4", "0.7.1");
  }

  @Test
  void doublePipeMeansOr() {
    List<String> have = List.of("0.6.0", "0.7.3", "0.8.0", "1.4.0", "2.0.0");

    assertThat(ChartVersionSpec.parse("^0.7.1 || 1.x").match(have))
        .containsExactly("1.4.0", "0.7.3");
  }

  @Test
  void mastermindsOnlySpellingsAreUnderstood() {
    List<String> have = List.of("0.7.0", "0.7.1", "0.8.0");

    assertThat(ChartVersionSpec.parse("=>0.7.1").match(have)).containsExactly("0.8.0", "0.7.1");
    assertThat(ChartVersionSpec.parse("=<0.7.1").match(have)).containsExactly("0.7.1", "0.7.0");
    assertThat(ChartVersionSpec.parse("!=0.7.1").match(have)).containsExactly("0.8.0", "0.7.0");
    assertThat(ChartVersionSpec.parse(">=v0.7.1").match(have)).containsExactly("0.8.0", "0.7.1");
  }

  @Test
  void wildcardsAndHyphenRangesAreUnderstood() {
    List<String> have = List.of("0.7.0", "1.2.0", "1.4.9", "1.5.0");

    assertThat(ChartVersionSpec.parse("*").match(have))
        .containsExactly("1.5.0", "1.4.9", "1.2.0", "0.7.0");
    assertThat(ChartVersionSpec.parse("x").match(have))
        .containsExactly("1.5.0", "1.4.9", "1.2.0", "0.7.0");
    assertThat(ChartVersionSpec.parse("1.x").match(have))
        .containsExactly("1.5.0", "1.4.9", "1.2.0");
    assertThat(ChartVersionSpec.parse("1.2 - 1.4").match(have)).containsExactly("1.4.9", "1.2.0");
    assertThat(ChartVersionSpec.parse("v1.2 - v1.4 !=1.2.0").match(have)).containsExactly("1.4.9");
    assertThat(ChartVersionSpec.parse("1.2.x").match(have)).containsExactly("1.2.0");
  }

  @Test
  void buildMetadataDoesNotTellVersionsApart() {
    ChartVersionSpec spec = ChartVersionSpec.parse("0.8.0+build.1");

    assertThat(spec.exact()).isEqualTo("0.8.0+build.1");
    assertThat(spec.allows("0.8.0+build.1")).isTrue();
    assertThat(spec.allows("0.8.0")).isTrue();
    assertThat(spec.allows("0.8.1")).isFalse();
  }

  // --- chart/version_test.go: MatchIsNewestFirstAndSkipsNonVersions

  @Test
  void matchIsNewestFirstDeduplicatedAndSkipsNonVersionsAndPrereleases() {
    List<String> have =
        List.of("0.7.0", "0.7.1", "0.10.0", "latest", "0.8.0", "0.9.0-rc1", "0.8.0");

    assertThat(ChartVersionSpec.parse(">=0.7.1").match(have))
        .containsExactly("0.10.0", "0.8.0", "0.7.1");
    assertThat(ChartVersionSpec.parse("^0.7.1").match(List.of("0.7.1", "0.7.9", "0.8.0")))
        .containsExactly("0.7.9", "0.7.1");
  }

  @Test
  void matchSkipsTagsThatAreNotStrictVersions() {
    List<String> have = List.of("sha256-abc.sig", "v0.8.0", "0.8", "0.8.0+build.1", "00.9.0");

    assertThat(ChartVersionSpec.parse(">=0.7.1").match(have)).containsExactly("0.8.0+build.1");
  }

  @Test
  void aPrereleaseIsMatchedOnlyWhenTheRangeNamesOne() {
    List<String> have = List.of("0.8.0", "0.9.0-rc1", "0.9.0");

    assertThat(ChartVersionSpec.parse(">=0.8.0").match(have)).containsExactly("0.9.0", "0.8.0");
    assertThat(ChartVersionSpec.parse(">=0.9.0-rc0").match(have))
        .containsExactly("0.9.0", "0.9.0-rc1");
    assertThat(ChartVersionSpec.parse(">=0.9.0-rc0 <0.9.0").match(have))
        .containsExactly("0.9.0-rc1");
    assertThat(ChartVersionSpec.parse(">=0.8.0").allows("0.9.0-rc1")).isFalse();
    assertThat(ChartVersionSpec.parse("0.9.0-rc1").allows("0.9.0-rc1")).isTrue();
  }

  @Test
  void allowsOnlyStrictVersions() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");

    assertThat(spec.allows("0.8.0")).isTrue();
    assertThat(spec.allows("v0.8.0")).isFalse();
    assertThat(spec.allows("0.8")).isFalse();
    assertThat(spec.allows("latest")).isFalse();
    assertThat(spec.allows(null)).isFalse();
  }

  // --- chart/version_test.go: Resolve

  @Test
  void aNamedVersionInRangeIsUsedWithoutListing() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1 <0.9.0");

    assertThat(ChartVersionSpec.resolve(spec, "0.7.4", "0.8.0", MUST_NOT_LIST)).isEqualTo("0.7.4");
  }

  @Test
  void anExactSpecIsUsedWithoutListing() {
    assertThat(ChartVersionSpec.resolve(ChartVersionSpec.parse("0.7.1"), "", "", MUST_NOT_LIST))
        .isEqualTo("0.7.1");
    assertThat(ChartVersionSpec.resolve(ChartVersionSpec.parse("0.7.1"), null, null, null))
        .isEqualTo("0.7.1");
  }

  @Test
  void anExactSpecMovesARunningReleaseOffItsVersion() {
    assertThat(
            ChartVersionSpec.resolve(ChartVersionSpec.parse("0.7.1"), "", "0.7.0", MUST_NOT_LIST))
        .isEqualTo("0.7.1");
  }

  @Test
  void theRunningVersionIsKeptWhileInRangeWithoutListing() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");

    assertThat(ChartVersionSpec.resolve(spec, "", "0.7.4", MUST_NOT_LIST)).isEqualTo("0.7.4");
  }

  @Test
  void aRunningVersionOutOfRangeGivesWayToTheNewestListed() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");
    ChartVersionLister lister = () -> List.of("0.7.1", "0.9.0", "0.8.0");

    assertThat(ChartVersionSpec.resolve(spec, "", "0.6.0", lister)).isEqualTo("0.9.0");
  }

  @Test
  void withNothingNamedOrRunningTheNewestListedInRangeIsChosen() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1 <0.9.0");
    List<String> calls = new ArrayList<>();
    ChartVersionLister lister =
        () -> {
          calls.add("list");
          return List.of("0.7.1", "0.8.1", "0.9.0");
        };

    assertThat(ChartVersionSpec.resolve(spec, "", "", lister)).isEqualTo("0.8.1");
    assertThat(calls).hasSize(1);
  }

  // --- chart/version_test.go: ResolveRefuses

  @Test
  void aNamedVersionOutOfRangeIsRefused() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1 <0.9.0");

    assertThatThrownBy(() -> ChartVersionSpec.resolve(spec, "0.9.0", "", MUST_NOT_LIST))
        .isInstanceOf(ChartVersionException.class)
        .hasMessageContaining("\"0.9.0\"")
        .hasMessageContaining("not in the catalog's \">=0.7.1 <0.9.0\"");
  }

  @Test
  void aNamedNonVersionIsRefused() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");

    assertThatThrownBy(() -> ChartVersionSpec.resolve(spec, "latest", "", MUST_NOT_LIST))
        .hasMessageContaining("not in the catalog's");
  }

  @Test
  void nothingListedInRangeIsRefusedCountingWhatWasListed() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.9.0");

    assertThatThrownBy(
            () -> ChartVersionSpec.resolve(spec, "", "", () -> List.of("0.7.1", "0.8.0")))
        .isInstanceOf(ChartVersionException.class)
        .hasMessageContaining("no chart version satisfies \">=0.9.0\"")
        .hasMessageContaining("2 versions, none in range");
  }

  @Test
  void aRangeWithNoRepositoryToListAsksForANamedVersion() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");

    assertThatThrownBy(() -> ChartVersionSpec.resolve(spec, "", "", null))
        .isInstanceOf(ChartVersionListException.class)
        .hasMessageContaining("\">=0.7.1\"")
        .hasMessageContaining("no chart repository to list")
        .hasMessageContaining("Name a chart version");
  }

  @Test
  void aFailedListingIsWrappedAndAsksForANamedVersion() {
    ChartVersionSpec spec = ChartVersionSpec.parse(">=0.7.1");
    RepoException failure = new RepoException("https://charts.example/index.yaml", 500, null);

    assertThatThrownBy(
            () ->
                ChartVersionSpec.resolve(
                    spec,
                    "",
                    "",
                    () -> {
                      throw failure;
                    }))
        .isInstanceOf(ChartVersionListException.class)
        .hasCause(failure)
        .hasMessageContaining("cannot resolve chart version \">=0.7.1\"")
        .hasMessageContaining("https://charts.example/index.yaml: 500 Internal Server Error")
        .hasMessageContaining("Name a chart version");
  }

  @Test
  void specsAreEqualByTheirText() {
    assertThat(ChartVersionSpec.parse(" ^0.7.1")).isEqualTo(ChartVersionSpec.parse("^0.7.1"));
    assertThat(ChartVersionSpec.parse("^0.7.1")).isNotEqualTo(ChartVersionSpec.parse("~0.7.1"));
  }
}
