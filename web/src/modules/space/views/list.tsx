import { SpaceBrowser } from '../components/space-browser';

/** The file space (/space/list): categories, files, uploads. */
export default function SpaceList() {
  return <SpaceBrowser mode="manage" />;
}
