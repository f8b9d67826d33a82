import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate } from "react-router";
import { profileApi } from "../api/profile";
import { ProfileEditor } from "../components/profile/ProfileEditor";
import { ProfileView } from "../components/profile/ProfileView";
import { Button } from "../components/ui/Button";
import { ErrorState, Loading } from "../components/ui/States";
import { queryKeys } from "../api/queryKeys";

export default function SiteProfile() {
  const profile = useQuery({ queryKey: queryKeys.profile(), queryFn: profileApi.profile, retry: false });
  const [editing, setEditing] = useState(false);

  if (profile.isPending) {
    return <Loading what="the site profile" />;
  }
  if (profile.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold">Site profile</h1>
        <ErrorState error={profile.error} retry={() => void profile.refetch()} />
      </div>
    );
  }
  // A stored profile that does not parse is an unconfigured site: setting it up is the way on.
  if (profile.data.error || !profile.data.profile) {
    return <Navigate to="/setup" replace />;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-xl font-semibold">Site profile</h1>
          <p className="text-sm text-slate-700">
            {profile.data.cluster} · stored in {profile.data.source} · shown after defaults
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEditing(!editing)}>
          {editing ? "Close editor" : "Edit"}
        </Button>
      </div>
      {editing ? (
        <ProfileEditor initialYaml={profile.data.yaml} saveLabel="Save profile" onSaved={() => setEditing(false)} />
      ) : (
        <ProfileView profile={profile.data.profile} />
      )}
    </div>
  );
}
