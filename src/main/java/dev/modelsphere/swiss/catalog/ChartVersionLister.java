package dev.modelsphere.swiss.catalog;

import java.util.List;

/**
 * Lists the versions a chart repository holds for one chart, for {@link ChartVersionSpec#resolve}.
 * The real one reads the repository through the {@code chartrepo} package.
 */
@FunctionalInterface
public interface ChartVersionLister {

  /**
   * The chart's versions in any order, as the repository names them; entries that are not versions
   * (an OCI tag such as {@code sha256-abc.sig}) may be included and are skipped.
   *
   * @throws Exception when the repository cannot be read (a {@code chartrepo} RepoException for the
   *     real one)
   */
  List<String> versions() throws Exception;
}
