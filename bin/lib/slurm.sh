# A Slurm cluster of one node on this machine, inside a temporary folder: munged, slurmctld
# and slurmd started by hand (no systemd, no cgroups), as docs/slurm-notes.md measured.
# Sourced by bin/test-slurm and scripts/scale-out-figures.sh (after bin/lib/setup.sh, with
# slurm-wlm and munge installed). slurm_start sets $work (the folder; $work/share for the
# jobs' files) and SLURM_CONF, and stops everything it started when the shell exits.

# Kills the daemons slurm_start started (their pid files), waits until they are gone (up to
# 5 s, then kills them outright) and removes the folder.
slurm_stop() {
    local pid pids=() i
    for pid in "$work"/run/*.pid; do
        [ -f "$pid" ] && pids+=("$(cat "$pid")")
    done
    [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
    for i in $(seq 1 10); do
        alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ "$alive" -eq 0 ] && break
        sleep 0.5
    done
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}

slurm_start() {
    work="$(mktemp -d /tmp/reel-slurm.XXXXXX)"
    trap slurm_stop EXIT
    mkdir -p "$work/munge" "$work/run" "$work/state" "$work/spool" "$work/share"
    chmod 700 "$work/munge"
    head -c 1024 /dev/urandom > "$work/munge/munge.key"
    chmod 600 "$work/munge/munge.key"
    munged --key-file="$work/munge/munge.key" --socket="$work/munge/socket" --pid-file="$work/run/munged.pid" \
        --log-file="$work/munge/log" --seed-file="$work/munge/seed" --force
    local host
    host="$(hostname)"
    cat > "$work/slurm.conf" <<CONF
ClusterName=reel
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/socket
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=reel Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$work/slurm.conf"
    slurmctld -f "$SLURM_CONF"
    slurmd -f "$SLURM_CONF"
    local i
    for i in $(seq 1 60); do
        sinfo -h -o '%T' 2>/dev/null | grep -q idle && return 0
        sleep 0.5
    done
    echo "slurm: the node did not come up" >&2
    cat "$work/slurmctld.log" "$work/slurmd.log" >&2
    return 1
}

# Waits up to $1 seconds for the queue to empty; false when it does not.
slurm_wait() {
    local i
    for i in $(seq 1 $(($1 * 2))); do
        [ -z "$(squeue -h -o '%i' 2>/dev/null)" ] && return 0
        sleep 0.5
    done
    [ -z "$(squeue -h -o '%i')" ]
}
