import { type DragEvent, useRef, useState } from 'react';

/**
 * Files dragged in from the desktop: `dragging` while they hover (the drop hint shows), then
 * `onFiles` with what was dropped. Without `enabled` the area takes no files.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  // Entering a child fires dragenter before the parent's dragleave: count, so the hint does not flicker.
  const depth = useRef(0);
  const handlers = enabled
    ? {
        onDragEnter: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          depth.current += 1;
          setDragging(true);
        },
        onDragOver: (e: DragEvent) => {
          if (e.dataTransfer.types.includes('Files')) e.preventDefault();
        },
        onDragLeave: () => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setDragging(false);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          depth.current = 0;
          setDragging(false);
          onFiles(e.dataTransfer.files);
        },
      }
    : {};
  return { dragging, handlers };
}
