package dev.modelsphere.swiss.server.upstream;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * What {@code GET /v1/models} through the entrypoint showed, in the reference's wire form.
 *
 * @param ok the entrypoint answered 200
 * @param status the HTTP status; left out when no answer came
 * @param models the model ids listed
 * @param error why no answer came, or why the answer was not used (a redirect)
 * @param location where the entrypoint redirected to; swiss does not follow a check's redirects
 * @param body the start of the answer, when it is not a model list
 * @param sentHeaders the names of the headers sent, never their values
 * @param curl the call as a command line, the key left as a shell variable
 */
public record ProbeResult(
    String url,
    boolean ok,
    @JsonInclude(Include.NON_DEFAULT) int status,
    long latencyMs,
    @JsonInclude(Include.NON_EMPTY) List<String> models,
    @JsonInclude(Include.NON_EMPTY) String error,
    @JsonInclude(Include.NON_EMPTY) String location,
    @JsonInclude(Include.NON_EMPTY) String body,
    @JsonInclude(Include.NON_EMPTY) List<String> sentHeaders,
    @JsonInclude(Include.NON_EMPTY) String curl) {}
