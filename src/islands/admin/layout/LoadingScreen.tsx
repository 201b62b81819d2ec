// The whole app's loading state (docs/PRODUCT.md (Pages and screens)): a centred spinner with the text Loading...
import { Spinner } from '../../ui/icons';

export function LoadingScreen({ fullScreen = true, label = 'Loading...' }: { fullScreen?: boolean; label?: string }) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center justify-center gap-3 text-muted ${fullScreen ? 'min-h-screen' : 'min-h-[50vh]'}`}
    >
      <Spinner className="size-8 text-primary-strong" />
      <span>{label}</span>
    </div>
  );
}
