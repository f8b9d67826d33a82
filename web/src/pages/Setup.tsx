import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { profileApi, type ProfileDocument } from "../api/profile";
import { ProfileEditor } from "../components/profile/ProfileEditor";
import { ErrorState, Loading } from "../components/ui/States";
import { useSession } from "../session/Session";
import { queryKeys } from "../api/queryKeys";

/** Which text the editor starts from: the stored profile if there is one (even one that does not parse), else the server's default. */
export function startingYaml(stored: ProfileDocument | undefined, template: ProfileDocument): string {
  return stored && stored.yaml.trim() !== "" ? stored.yaml : template.yaml;
}

export default function Setup() {
  const session = useSession();
  const navigate = useNavigate();
  const template = useQuery({ queryKey: queryKeys.profileTemplate(), queryFn: profileApi.template, retry: false, staleTime: Infinity });
  const stored = useQuery({ queryKey: queryKeys.profile(), queryFn: profileApi.profile, retry: false });
  const initialized = session.initialized !== false;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold">Set up this site</h1>
        <p className="text-sm text-slate-700">
          swiss keeps the site profile: where models live on the nodes, how routes are published, and how clients authenticate. Start from the default below and adjust it to this cluster.
        </p>
      </div>
      {template.isPending || stored.isPending ? (
        <Loading what="the site profile" />
      ) : template.isError ? (
        <ErrorState error={template.error} retry={() => void template.refetch()} />
      ) : (
        <>
          {stored.isError && <ErrorState error={stored.error} retry={() => void stored.refetch()} />}
          {stored.data?.error && (
            <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-medium">The stored profile does not parse; the editor shows it as stored.</p>
              <p className="mt-1 break-words">{stored.data.error}</p>
            </div>
          )}
          <ProfileEditor
            initialYaml={startingYaml(stored.data, template.data)}
            saveLabel={initialized ? "Save profile" : "Save and start"}
            onSaved={() => navigate("/")}
          />
          <p className="text-xs text-slate-600">Stored in {stored.data?.source ?? template.data.source}.</p>
        </>
      )}
    </div>
  );
}
