package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** The chart to install; {@code version} may be a semver range the operator resolves. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Chart(
    @Required @Size(min = 1) String name,
    @Required @Size(min = 1) @Pattern("^(https://|oci://).+") String repo,
    @Required @Size(min = 1) String version,
    CredentialsRef credentialsRef) {}
