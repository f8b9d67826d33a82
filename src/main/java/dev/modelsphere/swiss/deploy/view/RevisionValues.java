package dev.modelsphere.swiss.deploy.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The answer of {@code GET .../revisions/{revision}/values} (reference server.md §3.18): the values
 * helm rendered one revision with, as YAML text. {@code values} repeats {@code all}: the
 * reference's older pages read that name.
 *
 * @param all the chart's defaults merged with what was supplied
 * @param supplied only what was supplied
 * @param suppliedError why {@code supplied} could not be read; {@code all} still answers
 */
public record RevisionValues(
    String namespace,
    String release,
    int revision,
    String all,
    String supplied,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String suppliedError) {

  /** {@code all} under the name older reference pages read it by. */
  @JsonProperty("values")
  public String values() {
    return all;
  }
}
