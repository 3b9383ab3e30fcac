/** Voice: read-aloud through the server's TTS provider and dictation (hold to talk). */
export { VoiceToggle } from './VoiceToggle';
