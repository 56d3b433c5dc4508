/**
 * Fixed PowerShell scripts for the Windows adapter. They never contain a
 * value from the caller: values arrive in SPAWNPOINT_* environment variables
 * and are checked again inside the script.
 */

/** Sets the default playback device's master volume via Core Audio (no third-party tools). */
export const SET_VOLUME_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
if ($env:SPAWNPOINT_VOLUME -notmatch '^(100|[1-9]?[0-9])$') { throw 'volume must be 0 to 100' }
$volume = [int]$env:SPAWNPOINT_VOLUME
Add-Type -TypeDefinition @'
using System;
using System.Runtime.InteropServices;
[Guid("5CDF2C82-841E-4546-9722-0CF74078229A"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
interface IAudioEndpointVolume {
  int NotImpl1(); int NotImpl2(); int GetChannelCount(out uint count);
  int SetMasterVolumeLevel(float level, Guid context);
  int SetMasterVolumeLevelScalar(float level, Guid context);
}
[Guid("D666063F-1587-4E43-81F1-B948E807363F"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
interface IMMDevice {
  int Activate(ref Guid iid, int clsCtx, IntPtr activationParams, [MarshalAs(UnmanagedType.IUnknown)] out object endpoint);
}
[Guid("A95664D2-9614-4F35-A746-DE8DB63617E6"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
interface IMMDeviceEnumerator {
  int NotImpl1();
  int GetDefaultAudioEndpoint(int dataFlow, int role, out IMMDevice device);
}
[ComImport, Guid("BCDE0395-E52F-467C-8E3D-C4579291692E")] class MMDeviceEnumerator {}
public static class SpawnpointAudio {
  public static void SetVolume(float level) {
    var enumerator = (IMMDeviceEnumerator)(new MMDeviceEnumerator());
    IMMDevice device;
    Marshal.ThrowExceptionForHR(enumerator.GetDefaultAudioEndpoint(0, 1, out device));
    Guid iid = typeof(IAudioEndpointVolume).GUID;
    object endpoint;
    Marshal.ThrowExceptionForHR(device.Activate(ref iid, 23, IntPtr.Zero, out endpoint));
    Marshal.ThrowExceptionForHR(((IAudioEndpointVolume)endpoint).SetMasterVolumeLevelScalar(level, Guid.Empty));
  }
}
'@
[SpawnpointAudio]::SetVolume([float]($volume / 100))
`;

/** Captures the whole virtual screen to the PNG path in SPAWNPOINT_SCREENSHOT_PATH. */
export const SCREENSHOT_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
Add-Type -AssemblyName System.Windows.Forms, System.Drawing
$bounds = [System.Windows.Forms.SystemInformation]::VirtualScreen
$bitmap = New-Object System.Drawing.Bitmap $bounds.Width, $bounds.Height
$graphics = [System.Drawing.Graphics]::FromImage($bitmap)
$graphics.CopyFromScreen($bounds.Left, $bounds.Top, 0, 0, $bitmap.Size)
$bitmap.Save($env:SPAWNPOINT_SCREENSHOT_PATH, [System.Drawing.Imaging.ImageFormat]::Png)
$graphics.Dispose()
$bitmap.Dispose()
`;

/** Renames the computer to SPAWNPOINT_NEW_NAME (takes effect after a restart). */
export const RENAME_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
$name = $env:SPAWNPOINT_NEW_NAME
if ($name -notmatch '^[A-Za-z0-9-]{1,15}$') { throw 'PC name must be 1-15 letters, digits or hyphens' }
Rename-Computer -NewName $name -Force
`;

/** powershell.exe -EncodedCommand takes base64 of UTF-16LE, which sidesteps all argv quoting. */
export function encodePowerShell(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

/** Prints the default playback device's master volume, 0–100, via Core Audio. */
export const GET_VOLUME_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
Add-Type -TypeDefinition @'
using System;
using System.Runtime.InteropServices;
[Guid("5CDF2C82-841E-4546-9722-0CF74078229A"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
interface IAudioEndpointVolume {
  int NotImpl1(); int NotImpl2(); int GetChannelCount(out uint count);
  int SetMasterVolumeLevel(float level, Guid context);
  int SetMasterVolumeLevelScalar(float level, Guid context);
  int GetMasterVolumeLevel(out float level);
  int GetMasterVolumeLevelScalar(out float level);
}
[Guid("D666063F-1587-4E43-81F1-B948E807363F"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
interface IMMDevice {
  int Activate(ref Guid iid, int clsCtx, IntPtr activationParams, [MarshalAs(UnmanagedType.IUnknown)] out object endpoint);
}
[Guid("A95664D2-9614-4F35-A746-DE8DB63617E6"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
interface IMMDeviceEnumerator {
  int NotImpl1();
  int GetDefaultAudioEndpoint(int dataFlow, int role, out IMMDevice device);
}
[ComImport, Guid("BCDE0395-E52F-467C-8E3D-C4579291692E")] class MMDeviceEnumerator {}
public static class SpawnpointAudioLevel {
  public static int Get() {
    var enumerator = (IMMDeviceEnumerator)(new MMDeviceEnumerator());
    IMMDevice device;
    Marshal.ThrowExceptionForHR(enumerator.GetDefaultAudioEndpoint(0, 1, out device));
    Guid iid = typeof(IAudioEndpointVolume).GUID;
    object endpoint;
    Marshal.ThrowExceptionForHR(device.Activate(ref iid, 23, IntPtr.Zero, out endpoint));
    float level;
    Marshal.ThrowExceptionForHR(((IAudioEndpointVolume)endpoint).GetMasterVolumeLevelScalar(out level));
    return (int)Math.Round(level * 100);
  }
}
'@
[SpawnpointAudioLevel]::Get()
`;
