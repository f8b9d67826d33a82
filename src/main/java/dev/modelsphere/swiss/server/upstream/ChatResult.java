package dev.modelsphere.swiss.server.upstream;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * What one inference request through the entrypoint produced, in the reference's wire form.
 *
 * @param api {@code chat}, {@code completions} or {@code messages}
 * @param model the model name sent
 * @param ok the entrypoint answered 200 and the model generated something
 * @param status the HTTP status; left out when no answer came
 * @param reply the answer
 * @param reasoning the thinking channel, where a reasoning model's output is when the token budget
 *     ran out before the answer
 * @param finishReason why generation stopped
 * @param error why no answer came, or why the answer was not used (a redirect)
 * @param location where the entrypoint redirected to; swiss does not follow a check's redirects
 * @param body the start of the answer, when it is not a success
 * @param sentHeaders the names of the headers sent, never their values
 * @param curl the call as a command line, the key left as a shell variable
 */
@JsonInclude(Include.NON_EMPTY)
public record ChatResult(
    @JsonInclude(Include.ALWAYS) String url,
    @JsonInclude(Include.ALWAYS) String api,
    String model,
    boolean ok,
    @JsonInclude(Include.NON_DEFAULT) int status,
    long latencyMs,
    String reply,
    String reasoning,
    String finishReason,
    String error,
    String location,
    String body,
    List<String> sentHeaders,
    String curl) {}
