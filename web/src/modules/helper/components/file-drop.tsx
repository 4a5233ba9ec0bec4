import { InboxOutlined } from '@ant-design/icons';
import { type DragEvent, useState } from 'react';

type Props = {
  accept: string;
  title: string;
  hint: string;
  onFile(file: File): void;
};

/**
 * A drop zone for one file that is also its chooser: a label around a file input, so a click, a
 * drop, or the keyboard (Tab to it, Enter or Space) picks the file. Nothing is uploaded.
 */
export function FileDrop({ accept, title, hint, onFile }: Props) {
  const [over, setOver] = useState(false);
  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <label
      className={`transform-drop${over ? ' transform-drop-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
    >
      <input
        type="file"
        accept={accept}
        className="transform-drop-input"
        data-testid="transform-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <InboxOutlined className="transform-drop-icon" aria-hidden />
      <span className="transform-drop-title">{title}</span>
      <span className="transform-drop-hint">{hint}</span>
    </label>
  );
}
